import { pipeline, type Readable } from 'node:stream';
import { AppError } from '../../http/errors.js';

// Reading a CSV export as a stream of rows (docs/product/step-sources.md, Health imports;
// decision 085 "A CSV parser for real exports"): csv-parse does the RFC 4180 work (quoted commas, quoted line breaks,
// doubled quotes, a BOM, LF or CRLF), this module matches the header by name and numbers each row by the
// line where it starts, so that a refusal points at the line a person sees in an editor.

export interface CsvRow {
  /** The line (from 1) where the row starts: a quoted line break makes a row span several. */
  line: number;
  /** The row's cells for the asked columns, in their order, trimmed; '' for a cell the row lacks. */
  cells: string[];
}

/** A parsed row's cells, with the line it starts on. */
type NumberedCells = string[] & { line: number };

const LINE_BREAKS = /\r\n|\r|\n/g;
const breaksIn = (cells: readonly string[]) =>
  cells.reduce((count, cell) => count + (cell.match(LINE_BREAKS)?.length ?? 0), 0);

/**
 * The rows of a CSV whose header row names `columns` (in any order, among others), as they come.
 * Refuses with `importMalformedCsv` and the line: no header or a missing column, a quote
 * left open, stray characters after a closing quote, or a row longer than `maxRecordChars`. An
 * AppError from `source` (a damaged archive) passes as it is; any other source error is the
 * archive's. Blank lines are skipped.
 */
export async function* csvRows(
  source: Readable,
  columns: readonly string[],
  maxRecordChars: number,
): AsyncGenerator<CsvRow, void, undefined> {
  const malformed = (line: number) => new AppError('VALIDATION_FAILED', 'importMalformedCsv', { line });
  // Loaded on the first import, not at the server's start (decision 085 "A CSV parser for real exports").
  const { parse, CsvError } = await import('csv-parse');
  // Lines taken by the rows parsed so far and the blank lines before them: csv-parse's own line
  // count counts a quoted CRLF twice, so the rows' starting lines are counted here.
  let linesDone = 0;
  let blanksSeen = 0;
  const parser = parse({
    bom: true,
    trim: true,
    skip_empty_lines: true,
    relax_column_count: true,
    max_record_size: maxRecordChars,
    on_record: (cells: string[], info): NumberedCells | null => {
      const line = linesDone + (info.empty_lines - blanksSeen) + 1;
      blanksSeen = info.empty_lines;
      linesDone = line + breaksIn(cells);
      // A row of blank cells (spaces, or only commas) is a blank line too.
      return cells.every((cell) => cell === '') ? null : Object.assign(cells, { line });
    },
  });
  // A failure on either side ends both; the rows below see it on `parser`.
  pipeline(source, parser, () => undefined);
  let at: number[] | undefined;
  try {
    for await (const row of parser as AsyncIterable<NumberedCells>) {
      const cells = row.map((cell) => cell.trim());
      if (!at) {
        at = columns.map((name) => cells.indexOf(name));
        if (at.some((index) => index < 0)) throw malformed(row.line);
        continue;
      }
      yield { line: row.line, cells: at.map((index) => cells[index] ?? '') };
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    if (error instanceof CsvError) {
      // The broken row starts after the rows parsed so far and the blank lines since.
      const blanks = typeof error.empty_lines === 'number' ? error.empty_lines - blanksSeen : 0;
      throw malformed(linesDone + blanks + 1);
    }
    throw new AppError('VALIDATION_FAILED', 'importDamaged');
  } finally {
    parser.destroy();
    source.destroy();
  }
  if (!at) throw malformed(1);
}
