import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { AppError } from '../../http/errors.js';
import { csvRows, type CsvRow } from './csv-rows.js';

// The CSV reader of the Takeout import (docs/product/step-sources.md, Health imports; decision 085 "A CSV parser for
// real exports").

const COLUMNS = ['Date', 'Step count'];

/** The text as a stream of `size`-byte chunks: rows, quotes, CRLFs and characters split anywhere. */
function chunked(text: string | Buffer, size = 7): Readable {
  const bytes = Buffer.isBuffer(text) ? text : Buffer.from(text);
  const chunks: Buffer[] = [];
  for (let at = 0; at < bytes.length; at += size) chunks.push(bytes.subarray(at, at + size));
  return Readable.from(chunks);
}

async function rows(source: Readable, columns = COLUMNS, max = 1024): Promise<CsvRow[]> {
  const all: CsvRow[] = [];
  for await (const row of csvRows(source, columns, max)) all.push(row);
  return all;
}

async function refusal(promise: Promise<unknown>): Promise<{ key: string; values: Record<string, string | number> }> {
  const error = await promise.then(
    () => undefined,
    (reason: unknown) => reason,
  );
  if (!(error instanceof AppError)) throw new Error(`expected a refusal, got ${String(error)}`);
  return { key: error.messageKey, values: error.values };
}

describe('CSV rows', () => {
  it('keep a quoted line break inside its cell, numbering each row by the line it starts on', async () => {
    const csv = [
      'Date,Notes,Step count',
      '2026-05-01,"Walked to the lake,',
      'then back home",8123',
      '2026-05-02,"one',
      '',
      'three",9000',
      '2026-05-03,,7',
    ].join('\n');
    expect(await rows(chunked(csv))).toEqual([
      { line: 2, cells: ['2026-05-01', '8123'] },
      { line: 4, cells: ['2026-05-02', '9000'] },
      { line: 7, cells: ['2026-05-03', '7'] },
    ]);
    expect(await rows(chunked(csv), ['Notes'])).toEqual([
      { line: 2, cells: ['Walked to the lake,\nthen back home'] },
      { line: 4, cells: ['one\n\nthree'] },
      { line: 7, cells: [''] },
    ]);
  });

  it('read doubled quotes as one quote, and commas inside quotes as text', async () => {
    const csv = 'Date,Notes,Step count\n2026-05-01,"The ""long"" loop, twice",42\n';
    expect(await rows(chunked(csv), ['Notes', 'Step count'])).toEqual([
      { line: 2, cells: ['The "long" loop, twice', '42'] },
    ]);
  });

  it('drop a BOM and read CRLF line ends, a quoted CRLF counted as one line', async () => {
    const csv = '\uFEFFDate,Notes,Step count\r\n2026-05-01,"a\r\nb",5\r\n\r\n2026-05-02,x,6\r\n';
    for (const size of [1, 2, 3, 64]) {
      expect(await rows(chunked(csv, size)), `chunks of ${size}`).toEqual([
        { line: 2, cells: ['2026-05-01', '5'] },
        { line: 5, cells: ['2026-05-02', '6'] },
      ]);
    }
  });

  it('find the columns by name in any order, trim cells, give a short row empty cells, skip blank rows', async () => {
    const csv = 'Notes, Step count ,Extra,Date\n  x , 12 ,,2026-05-01\n   \n,,,\n"late",3\n"",,,2026-05-04';
    expect(await rows(chunked(csv))).toEqual([
      { line: 2, cells: ['2026-05-01', '12'] },
      { line: 5, cells: ['', '3'] },
      { line: 6, cells: ['2026-05-04', ''] },
    ]);
  });

  it('refuse a missing column, an empty file and a file of blank lines, at the header’s line', async () => {
    expect(await refusal(rows(chunked('Date,Steps\n2026-05-01,5\n')))).toEqual({
      key: 'importMalformedCsv',
      values: { line: 1 },
    });
    expect(await refusal(rows(chunked('')))).toEqual({ key: 'importMalformedCsv', values: { line: 1 } });
    expect(await refusal(rows(chunked('\n\n')))).toEqual({ key: 'importMalformedCsv', values: { line: 1 } });
  });

  it('refuse a quote left open, characters after a closing quote, and a row past the limit, at the row’s line', async () => {
    const head = 'Date,Notes,Step count\n2026-05-01,"a\nb",5\n\n';
    expect(await refusal(rows(chunked(`${head}2026-05-02,"open,6\n2026-05-03,x,7\n`)))).toEqual({
      key: 'importMalformedCsv',
      values: { line: 5 },
    });
    expect(await refusal(rows(chunked(`${head}2026-05-02,"closed"x,6\n`)))).toEqual({
      key: 'importMalformedCsv',
      values: { line: 5 },
    });
    expect(await refusal(rows(chunked(`${head}2026-05-02,"${'x'.repeat(2000)}",6\n`), COLUMNS, 1000))).toEqual({
      key: 'importMalformedCsv',
      values: { line: 5 },
    });
  });

  it('pass a refusal of the source as it is, and call any other failure of it a damaged archive', async () => {
    const failing = (error: Error) =>
      new Readable({
        read() {
          this.push('Date,Step count\n2026-05-01,5\n');
          this.destroy(error);
        },
      });
    expect(await refusal(rows(failing(new AppError('VALIDATION_FAILED', 'importTooBig'))))).toMatchObject({
      key: 'importTooBig',
    });
    expect(await refusal(rows(failing(new Error('invalid distance'))))).toMatchObject({ key: 'importDamaged' });
  });

  it('stop reading the source when the reader stops early', async () => {
    const source = chunked('Date,Step count\n2026-05-01,5\n2026-05-02,6\n', 4);
    for await (const row of csvRows(source, COLUMNS, 1024)) {
      expect(row.line).toBe(2);
      break;
    }
    expect(source.destroyed).toBe(true);
  });
});
