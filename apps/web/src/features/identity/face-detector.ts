/**
 * The in-browser face detector. Loaded only by the face page, after consent, through a dynamic
 * import: the library with TensorFlow.js is about 340 KB gzip and must stay in its own lazy chunk.
 * The tiny face detector's model files (about 190 KB) are copied into the build under
 * FACE_MODEL_URL by vite.config.ts.
 */
import * as faceapi from '@vladmandic/face-api';

export const FACE_MODEL_URL = '/face-models';

let loading: Promise<void> | undefined;

export function loadFaceDetector(): Promise<void> {
  loading ??= (async () => {
    // TensorFlow.js picks its backend on first use: WebGL when the device has it, else the CPU.
    await faceapi.nets.tinyFaceDetector.loadFromUri(FACE_MODEL_URL);
  })().catch((error: unknown) => {
    // Let a later attempt (after a network failure) try again.
    loading = undefined;
    throw error;
  });
  return loading;
}

/** How many faces the picture holds; the page accepts exactly one. */
export async function countFaces(picture: HTMLCanvasElement): Promise<number> {
  await loadFaceDetector();
  const faces = await faceapi.detectAllFaces(
    picture,
    new faceapi.TinyFaceDetectorOptions({ inputSize: 416, scoreThreshold: 0.5 }),
  );
  return faces.length;
}
