// How the product runs its server (decision 033 "Running the server from a bundle"): the bundle of
// scripts/build-server.mjs with plain Node and source maps on, so stack traces name the TypeScript lines. `npm start`,
// the start-up journey and the benches share it.
export const SERVER_ENTRY = 'apps/server/dist/main.mjs';

/**
 * Node's flags for the server (docs/performance.md, "Server memory"):
 * - source maps, so stack traces name the TypeScript lines;
 * - a young generation of at most 3 × 2 MB: while an upload streams through, V8 would otherwise
 *   grow it to 3 × 16 MB before collecting, and keep the pages (4 MB until decision 062 "Two malloc arenas and a
 *   smaller young generation", which found the bench's peak 5 MB lower at 2 with rates within their spread);
 * - an old generation that grows by a fifth after each full collection: under load V8 otherwise
 *   let it grow to about three times the live objects before collecting (a server with 33 MB
 *   live peaked at 100 MB of heap; decision 061 "The server's heap grows by a fifth after each full collection").
 */
export const SERVER_NODE_ARGS = ['--enable-source-maps', '--max-semi-space-size=2', '--heap-growing-percent=20'];

/**
 * The C library's settings for the server process, read once when it starts.
 * - MALLOC_MMAP_THRESHOLD_: glibc raises its mmap threshold each time a large block is freed, so
 *   after the first password hash (argon2id allocates 19 MiB or more on a worker thread) blocks of
 *   that size come from the thread's arena and stay resident after they are freed: 20–40 MB of a
 *   server at rest. A fixed threshold keeps every block of 128 KiB or more in its own mapping,
 *   given back to the system when freed.
 * - MALLOC_ARENA_MAX: glibc gives each thread that allocates an arena of its own, up to eight per
 *   core (libuv's pool, V8's helpers, libvips's workers), and each keeps what it freed. Two arenas
 *   held the bench's peak 3–6 MB lower (decision 062 "Two malloc arenas and a smaller young generation"); the server's
 *   allocations are few and small outside V8's heap, so the threads seldom wait for each other.
 */
export const SERVER_ENV = { MALLOC_MMAP_THRESHOLD_: '131072', MALLOC_ARENA_MAX: '2' };
