export { DEFAULT_MAX_LENGTH, limitInput, normaliseMaxLength } from './input-limit';
