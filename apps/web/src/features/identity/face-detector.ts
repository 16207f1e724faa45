/**
 * The in-browser face detector. Loaded only by the face page, after consent, through a dynamic
 * import: the library with TensorFlow.js is about 340 KB gzip and must stay in its own lazy chunk.
 * The tiny face detector's model files (about 190 KB) are copied into the build under
 * FACE_MODEL_URL by vite.config.ts.
 */
import * as faceapi from '@vladmandic/face-api';

export const FACE_MODEL_URL = '/face-models';

let loading: Promise<void> | undefined;
const listeners = new Set<(stage: 'model' | 'warming') => void>();
let reached: 'model' | 'warming' | undefined;

function report(stage: 'model' | 'warming'): void {
  reached = stage;
  for (const listener of listeners) listener(stage);
}

const OPTIONS = new faceapi.TinyFaceDetectorOptions({ inputSize: 416, scoreThreshold: 0.5 });

/**
 * Loads the model, then runs it once on a blank picture: TensorFlow.js sets up its backend (WebGL
 * when the device has it, else the CPU) on that first run, which is most of the wait on a phone.
 * `onStage` hears the model and the first run begin (face-progress.ts says them to the user).
 */
export function loadFaceDetector(onStage?: (stage: 'model' | 'warming') => void): Promise<void> {
  if (onStage) {
    listeners.add(onStage);
    if (reached) onStage(reached);
  }
  loading ??= (async () => {
    report('model');
    await faceapi.nets.tinyFaceDetector.loadFromUri(FACE_MODEL_URL);
    report('warming');
    const blank = document.createElement('canvas');
    blank.width = 32;
    blank.height = 32;
    await faceapi.detectAllFaces(blank, OPTIONS);
  })().catch((error: unknown) => {
    reached = undefined;
    // Let a later attempt (after a network failure) try again.
    loading = undefined;
    throw error;
  });
  const done = loading;
  if (onStage)
    void done.then(
      () => listeners.delete(onStage),
      () => listeners.delete(onStage),
    );
  return done;
}

/** How many faces the picture holds; the page accepts exactly one. */
export async function countFaces(picture: HTMLCanvasElement): Promise<number> {
  await loadFaceDetector();
  const faces = await faceapi.detectAllFaces(picture, OPTIONS);
  return faces.length;
}
