// face-detector.ts is left out on purpose: the face page imports it dynamically, after consent.
export { getIdentity } from './api/get-identity';
export { submitIdentity } from './api/submit-identity';
export { resubmitIdentity } from './api/resubmit-identity';
export { submitFace } from './api/submit-face';
export { uploadFile } from './api/upload-file';
export { getFile } from './api/get-file';
export { IdentityStatus } from './components/identity-status';
export { RealnameForm } from './components/realname-form';
export { FaceCheck } from './components/face-check';
export { PrivateImage } from './components/private-image';
