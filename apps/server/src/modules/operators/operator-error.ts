/**
 * An operator's action refused (no such row, already decided by someone else, a bad input). Its
 * message is shown to the operator as is; the ops command line exits 1 with it.
 */
export class OperatorError extends Error {}
