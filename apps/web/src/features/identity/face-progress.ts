import type { MessageKey } from '../../lib/i18n';

/**
 * How far the face detector has come since consent: its program (the library chunk), its model
 * files, then its first run, which sets up TensorFlow.js (decision 013 "Face detection in the browser"). On a slow
 * phone this takes seconds, so the face page says which of the three it is at rather than "looking for your
 * face" while nothing is looked at yet (docs/product/client.md, Flows that ask first).
 */
export type DetectorStage = 'idle' | 'library' | 'model' | 'warming' | 'ready' | 'failed';

/** What the face page is doing (face-check.tsx): the camera, the photo fallback, or a check. */
export type FaceStepKind = 'consent' | 'camera' | 'noCamera' | 'checking';

const LOADING_TEXT: Partial<Record<DetectorStage, MessageKey>> = {
  library: 'face.detector.library',
  model: 'face.detector.model',
  warming: 'face.detector.warming',
};

export function isDetectorLoading(stage: DetectorStage): boolean {
  return stage === 'library' || stage === 'model' || stage === 'warming';
}

/**
 * The line under the camera: the detector's step while it loads, then the camera opening, then
 * the guide, and "looking for your face" only once the detector runs on the picture.
 */
export function faceHint(step: FaceStepKind, isStreaming: boolean, detector: DetectorStage): MessageKey {
  const loading = LOADING_TEXT[detector];
  if (step === 'checking') return loading ?? 'face.checking';
  if (step === 'camera') return loading ?? (isStreaming ? 'face.guide' : 'face.starting');
  return 'face.photoGuide';
}

/** A stage reported later never goes back to an earlier one (a second load reuses the first). */
export function nextStage(current: DetectorStage, reported: DetectorStage): DetectorStage {
  const order: readonly DetectorStage[] = ['idle', 'library', 'model', 'warming', 'ready'];
  if (reported === 'failed' || current === 'failed') return reported;
  return order.indexOf(reported) > order.indexOf(current) ? reported : current;
}
