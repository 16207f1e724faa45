/**
 * Rules shared by the server and the web app, as plain functions and constants without zod, so the
 * web app can import them (`@stride/contract/rules`) without loading the endpoint schemas.
 */
export * from './account-fields.js';
export * from './card-number.js';
export * from './names.js';
export * from './id-number.js';
export * from './ledger-types.js';
export * from './mask.js';
export * from './operator-actions.js';
export * from './plan-terms.js';
export * from './payment-password.js';
