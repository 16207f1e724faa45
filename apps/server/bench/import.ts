// `npm run bench:import`: generates an Apple Health export.zip of about 200 MB on disk (streamed:
// never whole in memory), starts the server as `npm start` runs it, imports the file through the
// real HTTP endpoint, and reports the time, the peak resident memory (VmHWM) of the child process
// that reads the export, which must stay under 150 MB, and the server's own resident memory
// meanwhile. Records them in docs/performance.md.
import { createWriteStream, mkdtempSync, openAsBlob, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import yazl from 'yazl';
import { APPLE_HEAD, APPLE_TAIL } from '../test/health-exports.js';
import { ROOT, demoToken, spawnServer, stopServer } from './spawn-server.js';

const TARGET_BYTES = Number(process.env.BENCH_IMPORT_MB ?? 200) * 1024 * 1024;
const RSS_LIMIT_MB = 150;
const DAY_MS = 86_400_000;

/** A small deterministic generator, so runs are comparable. */
let seed = 12345;
const random = () => {
  seed = (seed * 1103515245 + 12345) % 2147483648;
  return seed / 2147483648;
};

/** 12 random hex digits, like the sync identifiers Apple writes: they keep the XML from packing too well. */
const hex = () =>
  Math.floor(random() * 2 ** 48)
    .toString(16)
    .padStart(12, '0');

const pad = (n: number) => String(n).padStart(2, '0');
const stamp = (ms: number) => {
  const d = new Date(ms + 8 * 3600_000);
  return `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())} ${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())} +0800`;
};

function record(type: string, source: string, unit: string, start: number, value: string): string {
  return ` <Record type="${type}" sourceName="${source}" sourceVersion="17.4" device="&lt;&lt;HKDevice: 0x600003a1c000&gt;, name:${source}&gt;" unit="${unit}" creationDate="${stamp(start + 60_000)}" startDate="${stamp(start)}" endDate="${stamp(start + 300_000)}" value="${value}">\n  <MetadataEntry key="HKMetadataKeySyncIdentifier" value="${hex()}"/>\n </Record>\n`;
}

/** One day of records: steps from a phone and a watch, heart rate and energy in between. */
function dayOfRecords(dayStart: number): string {
  const parts: string[] = [];
  for (let minute = 0; minute < 24 * 60; minute += 1) {
    const at = dayStart + minute * 60_000 + Math.floor(random() * 59_000);
    if (minute % 6 === 0) {
      parts.push(record('HKQuantityTypeIdentifierStepCount', 'iPhone', 'count', at, String(Math.floor(random() * 90))));
    }
    if (minute % 5 === 0) {
      parts.push(
        record('HKQuantityTypeIdentifierStepCount', 'Apple Watch', 'count', at, String(Math.floor(random() * 110))),
      );
    }
    parts.push(
      record(
        'HKQuantityTypeIdentifierHeartRate',
        'Apple Watch',
        'count/min',
        at,
        String(55 + Math.floor(random() * 70)),
      ),
    );
    if (minute % 2 === 0) {
      parts.push(
        record('HKQuantityTypeIdentifierActiveEnergyBurned', 'Apple Watch', 'kcal', at, (random() * 3).toFixed(3)),
      );
    }
  }
  return parts.join('');
}

/** Writes export.zip to `file`, stopping the XML once the archive reaches the target size. */
async function generate(file: string): Promise<{ days: number; xmlBytes: number }> {
  const zip = new yazl.ZipFile();
  let written = 0;
  let days = 0;
  let xmlBytes = 0;
  const yesterday = Math.floor(Date.now() / DAY_MS) * DAY_MS - DAY_MS;
  const first = yesterday - 6_000 * DAY_MS;
  function* chunks(): Generator<string> {
    yield APPLE_HEAD;
    for (let day = first; day <= yesterday && written < TARGET_BYTES; day += DAY_MS) {
      const text = dayOfRecords(day - 8 * 3600_000);
      days += 1;
      xmlBytes += Buffer.byteLength(text);
      yield text;
    }
    yield APPLE_TAIL;
  }
  zip.addReadStream(Readable.from(chunks(), { objectMode: false }), 'apple_health_export/export.xml', {
    mtime: new Date(),
  });
  zip.end();
  const output = zip.outputStream as Readable;
  // Counted as it is written, so the generator stops once the archive is big enough.
  output.on('data', (chunk: Buffer) => {
    written += chunk.length;
  });
  await pipeline(output, createWriteStream(file));
  return { days, xmlBytes };
}

/** The process's peak resident set (VmHWM), in MB. */
function peakRssMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmHWM:\s+(\d+) kB/.exec(status)?.[1] ?? Number.NaN);
  return Math.round(kb / 1024);
}

/** The processes a process started (the server's health export reader among them). */
function childrenOf(pid: number): number[] {
  try {
    return readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').split(' ').filter(Boolean).map(Number);
  } catch {
    return [];
  }
}

/**
 * Samples, every 20 ms until stopped, the server's resident memory and the peak (VmHWM) of every
 * child it starts: the reader process lives only as long as one import.
 */
function watchMemory(pid: number): () => { serverMb: number; readerMb: number } {
  let serverMb = 0;
  let readerMb = 0;
  const sample = () => {
    serverMb = Math.max(serverMb, currentRssMb(pid));
    for (const child of childrenOf(pid)) {
      try {
        const peak = peakRssMb(child);
        // A child that has ended but is not yet reaped has no memory figures.
        if (Number.isFinite(peak)) readerMb = Math.max(readerMb, peak);
      } catch {
        // ended between the listing and the read
      }
    }
  };
  const timer = setInterval(sample, 20);
  return () => {
    clearInterval(timer);
    sample();
    return { serverMb, readerMb };
  };
}

function currentRssMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Math.round(Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? Number.NaN) / 1024);
}

/**
 * The server's resident memory once start-up's garbage is gone: V8 gives memory back some seconds
 * after a burst of work (its memory reducer), so the figure is read once it has not fallen for
 * 15 s (at most 60 s).
 */
async function settledRssMb(pid: number): Promise<number> {
  let lowest = currentRssMb(pid);
  let steady = 0;
  for (let waited = 0; waited < 60_000 && steady < 15_000; waited += 500) {
    await new Promise((resolve) => setTimeout(resolve, 500));
    const now = currentRssMb(pid);
    if (now < lowest) {
      lowest = now;
      steady = 0;
    } else steady += 500;
  }
  return lowest;
}

async function main(): Promise<void> {
  const dir = mkdtempSync(path.join(tmpdir(), 'stride-import-bench-'));
  const file = path.join(dir, 'export.zip');
  try {
    const generatedAt = Date.now();
    const { days, xmlBytes } = await generate(file);
    const size = statSync(file).size;
    process.stdout.write(
      `Generated ${(size / 1048576).toFixed(0)} MB (export.xml ${(xmlBytes / 1048576).toFixed(0)} MB, ${days} days) in ${((Date.now() - generatedAt) / 1000).toFixed(1)} s\n`,
    );

    const server = await spawnServer({ STRIDE_MODE: 'demo' });
    try {
      const token = await demoToken(server.base);
      const pid = server.child.pid ?? 0;
      const before = await settledRssMb(pid);
      const form = new FormData();
      form.append('kind', 'appleHealth');
      form.append('file', await openAsBlob(file, { type: 'application/zip' }), 'export.zip');
      const started = Date.now();
      const stopWatching = watchMemory(pid);
      const response = await fetch(`${server.base}/api/step-sources/imports`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}` },
        body: form,
      });
      const envelope = (await response.json()) as { code: number; message: string; data: { days: number } };
      const seconds = (Date.now() - started) / 1000;
      const { serverMb, readerMb } = stopWatching();
      if (envelope.code !== 1) throw new Error(`import failed: ${envelope.code} ${envelope.message}`);
      const line = `Measured ${new Date().toISOString().slice(0, 10)} on this machine, SQLite, Node ${process.version}: a generated Apple Health export.zip of ${(size / 1048576).toFixed(0)} MB (export.xml ${(xmlBytes / 1048576).toFixed(0)} MB, ${envelope.data.days} days of steps from two sources) imported through \`POST /api/step-sources/imports\` in ${seconds.toFixed(1)} s (${(size / 1048576 / seconds).toFixed(1)} MB/s of upload, ${(xmlBytes / 1048576 / seconds).toFixed(0)} MB/s of XML); the server went from ${before} MB of resident memory at rest to at most ${serverMb} MB while it received the file, and the reader process peaked at ${readerMb} MB (limit ${RSS_LIMIT_MB} MB for each).`;
      process.stdout.write(`\n${line}\n`);
      const doc = path.join(ROOT, 'docs/performance.md');
      const text = readFileSync(doc, 'utf8');
      const start = '<!-- import-bench:start -->';
      const end = '<!-- import-bench:end -->';
      if (text.includes(start)) {
        writeFileSync(doc, text.replace(new RegExp(`${start}[\\s\\S]*${end}`), `${start}\n${line}\n${end}`));
        process.stdout.write('Recorded in docs/performance.md\n');
      }
      if (readerMb === 0 || readerMb >= RSS_LIMIT_MB || serverMb >= RSS_LIMIT_MB) {
        process.stderr.write(
          `Resident memory over the ${RSS_LIMIT_MB} MB limit: the reader ${readerMb} MB, the server ${serverMb} MB\n`,
        );
        process.exitCode = 1;
      }
    } finally {
      await stopServer(server);
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`${String(error)}\n`);
  process.exit(1);
});
