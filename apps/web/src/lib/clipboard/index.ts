export { copyText, type CopyTextDeps } from './copy-text';
