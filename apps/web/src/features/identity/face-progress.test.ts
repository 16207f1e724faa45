import { describe, expect, it } from 'vitest';
import { faceHint, isDetectorLoading, nextStage, type DetectorStage } from './face-progress';

describe('the face check’s progress (decision 013)', () => {
  it('says the detector’s step while it loads, then the camera, then looks for the face', () => {
    // Consent given: the program loads while the camera opens.
    expect(faceHint('camera', false, 'library')).toBe('face.detector.library');
    expect(faceHint('camera', true, 'model')).toBe('face.detector.model');
    expect(faceHint('camera', true, 'warming')).toBe('face.detector.warming');
    // Loaded: the camera's own lines.
    expect(faceHint('camera', false, 'ready')).toBe('face.starting');
    expect(faceHint('camera', true, 'ready')).toBe('face.guide');
    expect(faceHint('checking', true, 'ready')).toBe('face.checking');
  });

  it('never says "looking for your face" while the detector is still loading', () => {
    for (const stage of ['library', 'model', 'warming'] as const) {
      expect(faceHint('checking', true, stage)).toBe(`face.detector.${stage}`);
      expect(faceHint('checking', false, stage)).not.toBe('face.checking');
    }
  });

  it('keeps the photo guide without a camera until a photo is checked', () => {
    expect(faceHint('noCamera', false, 'model')).toBe('face.photoGuide');
    expect(faceHint('checking', false, 'model')).toBe('face.detector.model');
  });

  it('moves forward only, and starts again after a failure', () => {
    const seen: DetectorStage[] = [];
    let stage: DetectorStage = 'idle';
    for (const reported of ['library', 'model', 'library', 'warming', 'model', 'ready'] as const) {
      stage = nextStage(stage, reported);
      seen.push(stage);
    }
    expect(seen).toEqual(['library', 'model', 'model', 'warming', 'warming', 'ready']);
    expect(nextStage('model', 'failed')).toBe('failed');
    expect(nextStage('failed', 'library')).toBe('library');
    expect(isDetectorLoading('failed')).toBe(false);
    expect(isDetectorLoading('model')).toBe(true);
  });
});
