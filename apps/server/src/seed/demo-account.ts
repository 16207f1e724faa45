/**
 * The demo's published accounts (README): constants only, so that the outbox's demo page can name
 * the demo account without loading the seed, which builds on every module.
 */
export const DEMO_ACCOUNT = { account: '13800138000', password: 'Stride2026' } as const;

/**
 * The console's demo operator: every role, a published password, and no TOTP yet, so the console
 * can be tried at once (its first login offers enrolment).
 */
export const DEMO_OPERATOR = { name: 'demo', password: 'StrideConsole2026' } as const;
