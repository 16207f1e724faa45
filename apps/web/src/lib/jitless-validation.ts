/**
 * The contract's schemas validate without compiling code in the browser (decision 052 "A first route without
 * waterfalls"). Zod otherwise probes `new Function('')` when it creates an object schema, which the policy's
 * `script-src 'self'` refuses: harmless, but the browser reports it as a policy violation. Zod
 * reads this global when its schemas are created, so it is set before any chunk that creates
 * them runs: both entry scripts import this module first. The server keeps compiled validation.
 */
const zodGlobal = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
zodGlobal.__zod_globalConfig = { ...zodGlobal.__zod_globalConfig, jitless: true };
export {};
