import type { Readable } from 'node:stream';
import yazl from 'yazl';

// Health exports built by the tests themselves, in the shapes the Health app and Google Takeout
// write (docs/product/step-sources.md).

export interface AppleStepRecord {
  /** `2024-05-01 08:00:00 +0800`, as the Health app writes it. */
  start: string;
  value: string | number;
  source?: string;
  type?: string;
}

const escape = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/** The start of an export.xml, with the DOCTYPE's internal subset as Apple writes it. */
export const APPLE_HEAD = `<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE HealthData [
<!ELEMENT HealthData (ExportDate,Me,(Record|Correlation|Workout|ActivitySummary|ClinicalRecord)*)>
<!ATTLIST HealthData locale CDATA #REQUIRED>
<!ELEMENT Record ((MetadataEntry|HeartRateVariabilityMetadataList)*)>
<!ATTLIST Record type CDATA #REQUIRED sourceName CDATA #REQUIRED value CDATA #IMPLIED startDate CDATA #REQUIRED endDate CDATA #REQUIRED>
]>
<HealthData locale="en_US">
 <ExportDate value="2026-11-22 10:00:00 +0800"/>
 <Me HKCharacteristicTypeIdentifierDateOfBirth="1990-01-01"/>
`;
export const APPLE_TAIL = '</HealthData>\n';

export function appleRecord(record: AppleStepRecord): string {
  const source = escape(record.source ?? 'iPhone');
  return ` <Record type="${record.type ?? 'HKQuantityTypeIdentifierStepCount'}" sourceName="${source}" sourceVersion="17.4" unit="count" creationDate="${record.start}" startDate="${record.start}" endDate="${record.start}" value="${escape(String(record.value))}"/>\n`;
}

export function appleExportXml(records: readonly AppleStepRecord[]): string {
  return APPLE_HEAD + records.map(appleRecord).join('') + APPLE_TAIL;
}

export interface ZipItem {
  name: string;
  data: Buffer | string;
  /** Stored without compression. */
  store?: boolean;
}

/** A zip archive of these entries, written by yazl. */
export function zipOf(items: readonly ZipItem[]): Promise<Buffer> {
  const zip = new yazl.ZipFile();
  for (const item of items) {
    zip.addBuffer(Buffer.isBuffer(item.data) ? item.data : Buffer.from(item.data), item.name, {
      compress: !item.store,
      mtime: new Date(Date.UTC(2026, 0, 1)),
    });
  }
  zip.end();
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    (zip.outputStream as Readable)
      .on('data', (chunk: Buffer) => chunks.push(chunk))
      .on('end', () => resolve(Buffer.concat(chunks)))
      .on('error', reject);
  });
}

/** An Apple Health export.zip as the Health app shares it. */
export function appleExportZip(records: readonly AppleStepRecord[]): Promise<Buffer> {
  return zipOf([
    { name: 'apple_health_export/export.xml', data: appleExportXml(records) },
    { name: 'apple_health_export/export_cda.xml', data: '<ClinicalDocument/>' },
  ]);
}

/** Google Fit's daily metrics CSV (a few of its columns, in Takeout's order). */
export function fitDailyCsv(rows: ReadonlyArray<{ date: string; steps: string | number }>): string {
  const header = 'Date,Move Minutes count,Calories (kcal),Distance (m),Heart Points,Heart Minutes,Step count';
  return [header, ...rows.map((row) => `${row.date},30,1800.5,4200.2,12,10,${row.steps}`)].join('\n') + '\n';
}

/** A Google Takeout archive holding Fit's daily metrics. */
export function takeoutZip(rows: ReadonlyArray<{ date: string; steps: string | number }>): Promise<Buffer> {
  return zipOf([
    { name: 'Takeout/archive_browser.html', data: '<html></html>' },
    { name: 'Takeout/Fit/Daily activity metrics/Daily activity metrics.csv', data: fitDailyCsv(rows) },
  ]);
}

/** Sets the central directory's uncompressed size of the first entry named `name` (a lying archive). */
export function lieAboutSize(zip: Buffer, name: string, size: number): Buffer {
  const copy = Buffer.from(zip);
  for (let at = copy.length - 46; at >= 0; at -= 1) {
    if (copy.readUInt32LE(at) !== 0x02014b50) continue;
    const nameLength = copy.readUInt16LE(at + 28);
    if (copy.subarray(at + 46, at + 46 + nameLength).toString() === name) {
      copy.writeUInt32LE(size, at + 24);
      return copy;
    }
  }
  throw new Error(`no entry ${name}`);
}

/** Changes the central directory's CRC-32 of the first entry named `name` (an archive damaged after it was written). */
export function breakCrc(zip: Buffer, name: string): Buffer {
  const copy = Buffer.from(zip);
  for (let at = copy.length - 46; at >= 0; at -= 1) {
    if (copy.readUInt32LE(at) !== 0x02014b50) continue;
    const nameLength = copy.readUInt16LE(at + 28);
    if (copy.subarray(at + 46, at + 46 + nameLength).toString() === name) {
      copy.writeUInt32LE((copy.readUInt32LE(at + 16) ^ 0x5a5a5a5a) >>> 0, at + 16);
      return copy;
    }
  }
  throw new Error(`no entry ${name}`);
}

/** Replaces the first `from` in the archive's bytes by `to` of the same length (a stored entry's bytes damaged in place). */
export function damageBytes(zip: Buffer, from: string, to: string): Buffer {
  if (from.length !== to.length) throw new Error('the damage must keep the length');
  const at = zip.indexOf(from);
  if (at < 0) throw new Error(`no ${from} in the archive`);
  const copy = Buffer.from(zip);
  copy.write(to, at);
  return copy;
}
