// How the product runs its server (decision 033): the bundle of scripts/build-server.mjs with
// plain Node and source maps on, so stack traces name the TypeScript lines. `npm start`, the
// start-up journey and the benches share it.
export const SERVER_ENTRY = 'apps/server/dist/main.mjs';
export const SERVER_NODE_ARGS = ['--enable-source-maps'];
