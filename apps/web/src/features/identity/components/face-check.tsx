import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { submitFace, uploadFile } from '@stride/contract';
import { call, http } from '../../../lib/http';
import type { Identity } from '@stride/contract';
import { usePageActive, useSubmit } from '../../../hooks';
import { useI18n } from '../../../lib/i18n';
import type * as Detector from '../face-detector';
import { faceHint, nextStage, type DetectorStage } from '../face-progress';
import { FormError } from '../../../components/form-error';
import { CardSection } from '../../../components/card-section';

type Step =
  | { readonly kind: 'consent' }
  | { readonly kind: 'camera' }
  /** No camera (refused, missing, or no getUserMedia): the photo fallback only. */
  | { readonly kind: 'noCamera' }
  | { readonly kind: 'checking'; readonly fromCamera: boolean };

/** The longest side of the picture that is checked and uploaded; enough for a face, small to send. */
const MAX_SIDE = 960;

function drawScaled(source: CanvasImageSource, width: number, height: number): HTMLCanvasElement {
  const scale = Math.min(1, MAX_SIDE / Math.max(width, height));
  const canvas = document.createElement('canvas');
  canvas.width = Math.round(width * scale);
  canvas.height = Math.round(height * scale);
  canvas.getContext('2d')?.drawImage(source, 0, 0, canvas.width, canvas.height);
  return canvas;
}

function toJpeg(canvas: HTMLCanvasElement): Promise<Blob> {
  return new Promise((resolve, reject) => {
    canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('encode'))), 'image/jpeg', 0.9);
  });
}

export interface FaceCheckProps {
  readonly onDone: (identity: Identity) => void;
  /** Records the consent when "Agree" is tapped; the camera opens once it is recorded. */
  readonly onConsent: () => Promise<void>;
}

/**
 * Consent, then the front camera with an oval guide (or a photo when there is no camera). The
 * picture must show exactly one face, found here in the browser, before it is uploaded and sent.
 * The detector library loads only after consent.
 */
export function FaceCheck({ onDone, onConsent }: FaceCheckProps) {
  const { t } = useI18n();
  const fileId = useId();
  const isActive = usePageActive();
  const [step, setStep] = useState<Step>({ kind: 'consent' });
  // The manual request, and the one error line every step shares. Busy after a success: the
  // page reads the identity again and this check goes away.
  const manualSend = useSubmit({ staysBusyOnSuccess: true });
  const { error, setError, showError } = manualSend;
  const video = useRef<HTMLVideoElement>(null);
  const [isStreaming, setStreaming] = useState(false);
  const detector = useRef<Promise<typeof Detector> | undefined>(undefined);
  const [detectorStage, setDetectorStage] = useState<DetectorStage>('idle');
  const advance = useCallback((stage: DetectorStage) => setDetectorStage((current) => nextStage(current, stage)), []);

  const wantsCamera = step.kind === 'camera' || (step.kind === 'checking' && step.fromCamera);

  // The camera is open only while this step wants it and the page is on top: leaving the page or
  // covering it with another one releases it, and coming back opens it again.
  useEffect(() => {
    if (!wantsCamera || !isActive) return undefined;
    let isCancelled = false;
    let opened: MediaStream | undefined;
    const denied = () => {
      if (isCancelled) return;
      setError(t('face.noCamera'));
      setStep({ kind: 'noCamera' });
    };
    if (!navigator.mediaDevices?.getUserMedia) {
      void Promise.resolve().then(denied);
      return undefined;
    }
    navigator.mediaDevices
      .getUserMedia({ video: { facingMode: 'user', width: { ideal: 1280 }, height: { ideal: 720 } }, audio: false })
      .then((stream) => {
        opened = stream;
        if (isCancelled) {
          stream.getTracks().forEach((track) => track.stop());
          return;
        }
        const element = video.current;
        if (element) {
          element.srcObject = stream;
          element.play().catch(() => undefined);
        }
      }, denied);
    return () => {
      isCancelled = true;
      opened?.getTracks().forEach((track) => track.stop());
    };
  }, [wantsCamera, isActive, t, setError]);

  // Its three steps show while it loads (face-progress.ts): the program, the model, its first run.
  const loadDetector = () => {
    if (!detector.current) {
      advance('library');
      detector.current = import('../face-detector').then(async (module) => {
        await module.loadFaceDetector(advance);
        advance('ready');
        return module;
      });
      detector.current.catch(() => {
        detector.current = undefined;
        advance('failed');
      });
    }
    return detector.current;
  };

  const [isConsenting, setConsenting] = useState(false);
  const start = async () => {
    setError(undefined);
    setConsenting(true);
    try {
      await onConsent();
    } catch (caught) {
      showError(caught);
      return;
    } finally {
      setConsenting(false);
    }
    setStreaming(false);
    setStep({ kind: 'camera' });
    // The library and model load while the camera opens.
    loadDetector().catch(() => setError(t('face.detectorFailed')));
  };

  const check = async (picture: HTMLCanvasElement, fromCamera: boolean) => {
    setError(undefined);
    setStep({ kind: 'checking', fromCamera });
    try {
      const { countFaces } = await loadDetector();
      const faces = await countFaces(picture);
      if (faces !== 1) {
        setError(faces === 0 ? t('face.noFace') : t('face.manyFaces'));
        setStep({ kind: fromCamera ? 'camera' : 'noCamera' });
        return;
      }
      const upload = await http.upload(uploadFile, await toJpeg(picture), { purpose: 'face' }, { hideErrors: true });
      const identity = await call(
        submitFace,
        { body: { method: 'face', imageId: upload.fileId } },
        { hideErrors: true },
      );
      onDone(identity);
    } catch (caught) {
      showError(caught);
      setStep({ kind: fromCamera ? 'camera' : 'noCamera' });
    }
  };

  const capture = () => {
    const element = video.current;
    if (!element || element.videoWidth === 0) {
      setError(t('face.notReady'));
      return;
    }
    void check(drawScaled(element, element.videoWidth, element.videoHeight), true);
  };

  const checkFile = async (file: File) => {
    try {
      const bitmap = await createImageBitmap(file);
      const picture = drawScaled(bitmap, bitmap.width, bitmap.height);
      bitmap.close();
      await check(picture, false);
    } catch {
      setError(t('face.badPhoto'));
    }
  };

  const manual = () => {
    void manualSend.run(() => call(submitFace, { body: { method: 'manual' } }, { hideErrors: true }).then(onDone));
  };

  const alternative = (
    <CardSection
      titleId={`${fileId}-manual`}
      title={t('face.manualTitle')}
      titleClassName="face-title"
      className="face-alternative"
    >
      <p className="hint">{t('face.manualText')}</p>
      <button
        type="button"
        className="button button--ghost button--block"
        disabled={manualSend.isBusy}
        onClick={manual}
      >
        {t('face.manualButton')}
      </button>
    </CardSection>
  );

  const errorLine = <FormError message={error} />;

  if (step.kind === 'consent') {
    return (
      <>
        <CardSection titleId={`${fileId}-consent`} title={t('face.consentTitle')} titleClassName="face-title">
          <ul className="face-consent">
            <li>{t('face.consent1')}</li>
            <li>{t('face.consent2')}</li>
            <li>{t('face.consent3')}</li>
          </ul>
          {errorLine}
          <button type="button" className="button button--block" disabled={isConsenting} onClick={() => void start()}>
            {t('face.agree')}
          </button>
        </CardSection>
        {alternative}
      </>
    );
  }

  const isBusy = step.kind === 'checking';
  return (
    <>
      <section className="card face-capture" aria-label={t('face.cameraLabel')}>
        {wantsCamera ? (
          <div className="face-camera">
            <video
              ref={video}
              className="face-camera__video"
              muted
              playsInline
              autoPlay
              aria-label={t('face.cameraLabel')}
              onPlaying={() => setStreaming(true)}
            />
            <div className="face-camera__guide" aria-hidden="true" />
          </div>
        ) : (
          <div className="face-camera face-camera--off">
            <div className="face-camera__guide" aria-hidden="true" />
          </div>
        )}
        <p className="hint face-capture__hint" aria-live="polite">
          {t(faceHint(step.kind, isStreaming, detectorStage))}
        </p>
        {errorLine}
        {wantsCamera ? (
          <button type="button" className="button button--block" disabled={isBusy || !isStreaming} onClick={capture}>
            {t('face.capture')}
          </button>
        ) : null}
        <input
          id={fileId}
          className="sr-only"
          type="file"
          accept="image/*"
          capture="user"
          disabled={isBusy}
          onChange={(event) => {
            const file = event.target.files?.[0];
            event.target.value = '';
            if (file) void checkFile(file);
          }}
        />
        <label
          htmlFor={fileId}
          className={`button button--ghost button--block face-capture__file${isBusy ? ' face-capture__file--busy' : ''}`}
        >
          {t('face.usePhoto')}
        </label>
      </section>
      {alternative}
    </>
  );
}
