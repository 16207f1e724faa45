import { randomFillSync } from 'node:crypto';
import { v7 } from 'uuid';

/** Random bytes drawn at once for many ids: one call to the system's generator per 256 ids. */
const pool = new Uint8Array(4096);
let used = pool.length;

/**
 * The id of a record that money calls write on every call (a ledger transfer, an exchange, a
 * collection, an order): a time-ordered UUID (version 7), so that each new row goes at the end of
 * its primary key's index and of the indexes that refer to it, instead of onto a random page of
 * each. A commit then writes a few pages where a random UUID (version 4) made it write one per
 * index, and the writes that share a commit share those pages (decision 069 "SQLite commits the writes that arrive
 * together once"). Such an id tells when it was made, to the millisecond, which its row's `created_at` tells its owner
 * already; ids that others may see (a user's, a session's) stay random.
 *
 * The random part comes from a pool filled by the operating system's generator 4 KB at a time:
 * `v7()` alone asks it for 16 bytes per id, 6–7 µs each here, a few per cent of an exchange's time
 * (decision 071 "SQLite's log is flushed off the event loop"). Ids made in the same millisecond are then ordered among
 * themselves at random, which keeps them on the same pages of an index.
 */
export function recordId(): string {
  if (used + 16 > pool.length) {
    randomFillSync(pool);
    used = 0;
  }
  const random = pool.subarray(used, used + 16);
  used += 16;
  return v7({ random });
}

/**
 * The id of a record whose order among those made in the same millisecond matters: a version-7 UUID
 * from the library's own counter, which rises by one for each id made within a millisecond of this
 * process. The audit record is read newest first (`created_at`, then this id), and actions an
 * operator takes within one millisecond (an enrolment, then a decision) keep the order they were
 * taken in, on either database.
 */
export function orderedId(): string {
  return v7();
}
