import { v7 } from 'uuid';

/**
 * The id of a record that money calls write on every call (a ledger transfer, an exchange, a
 * collection, an order): a time-ordered UUID (version 7), so that each new row goes at the end of
 * its primary key's index and of the indexes that refer to it, instead of onto a random page of
 * each. A commit then writes a few pages where a random UUID (version 4) made it write one per
 * index, and the writes that share a commit share those pages (decision 069). Such an id tells
 * when it was made, to the millisecond, which its row's `created_at` tells its owner already; ids
 * that others may see (a user's, a session's) stay random.
 */
export function recordId(): string {
  return v7();
}
