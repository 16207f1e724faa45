// face-detector.ts is left out on purpose: the face page imports it dynamically, after consent.
export { getFile } from './api/get-file';
export { IdentityStatus } from './components/identity-status';
export { StatusRow } from './components/status-row';
export { RealnameForm } from './components/realname-form';
export { FaceCheck } from './components/face-check';
export { PrivateImage } from './components/private-image';
