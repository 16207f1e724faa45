import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { useI18n } from '../../lib/i18n';
import './video-player.css';

/** docs/product/client.md, Gestures and components: the controls hide 3 s after the last interaction. */
export const VIDEO_CONTROLS_HIDE_MS = 3_000;

export interface VideoPlayerProps {
  /** The video's accessible name. */
  readonly label: string;
  readonly src?: string;
  readonly poster?: string;
  /** A WebVTT captions file. */
  readonly captions?: string;
  readonly captionsLanguage?: string;
}

function formatClock(seconds: number): string {
  const whole = Number.isFinite(seconds) ? Math.max(0, Math.floor(seconds)) : 0;
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, '0')}`;
}

/** A native video with our own controls, so they look and behave the same on every browser. */
/** One of the player's icon buttons; while the controls are hidden it is out of the tab order. */
function ControlButton({
  label,
  isShown,
  onClick,
  children,
}: {
  readonly label: string;
  readonly isShown: boolean;
  readonly onClick: () => void;
  readonly children: ReactNode;
}) {
  return (
    <button
      type="button"
      className="icon-button video-player__button"
      aria-label={label}
      tabIndex={isShown ? undefined : -1}
      onClick={onClick}
    >
      <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
        {children}
      </svg>
    </button>
  );
}

export function VideoPlayer({ label, src, poster, captions, captionsLanguage = 'en' }: VideoPlayerProps) {
  const { t } = useI18n();
  const video = useRef<HTMLVideoElement>(null);
  const hideTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const [isVisible, setVisible] = useState(true);
  const [isPlaying, setPlaying] = useState(false);
  const [isMuted, setMuted] = useState(false);
  const [time, setTime] = useState(0);
  const [length, setLength] = useState(0);

  const reveal = useCallback(() => {
    setVisible(true);
    clearTimeout(hideTimer.current);
    hideTimer.current = setTimeout(() => setVisible(false), VIDEO_CONTROLS_HIDE_MS);
  }, []);

  // Shown at first, then hidden like after any other interaction.
  useEffect(() => {
    hideTimer.current = setTimeout(() => setVisible(false), VIDEO_CONTROLS_HIDE_MS);
    return () => clearTimeout(hideTimer.current);
  }, []);

  const togglePlay = () => {
    const element = video.current;
    if (!element) return;
    reveal();
    if (element.paused) element.play().catch(() => setPlaying(false));
    else element.pause();
  };

  const toggleMute = () => {
    const element = video.current;
    if (!element) return;
    reveal();
    element.muted = !element.muted;
    setMuted(element.muted);
  };

  const fullscreen = () => {
    reveal();
    video.current?.requestFullscreen?.().catch(() => undefined);
  };

  return (
    <div
      className={isVisible ? 'video-player' : 'video-player video-player--idle'}
      onPointerMove={reveal}
      onPointerDown={reveal}
      onFocus={reveal}
    >
      <video
        ref={video}
        className="video-player__video"
        src={src}
        poster={poster}
        playsInline
        preload="metadata"
        aria-label={label}
        onPlay={() => setPlaying(true)}
        onPause={() => setPlaying(false)}
        onEnded={() => setPlaying(false)}
        onTimeUpdate={(event) => setTime(event.currentTarget.currentTime)}
        onLoadedMetadata={(event) => setLength(event.currentTarget.duration)}
        onDurationChange={(event) => setLength(event.currentTarget.duration)}
      >
        <track kind="captions" src={captions} srcLang={captionsLanguage} />
      </video>
      <div className="video-player__controls" data-testid="video-controls" aria-hidden={isVisible ? undefined : true}>
        <ControlButton label={isPlaying ? t('video.pause') : t('video.play')} isShown={isVisible} onClick={togglePlay}>
          {isPlaying ? (
            <path d="M7 5h3v14H7zM14 5h3v14h-3z" fill="currentColor" />
          ) : (
            <path d="M8 5v14l11-7z" fill="currentColor" />
          )}
        </ControlButton>
        <span className="video-player__time">
          {/* A live or freshly recorded stream has no known length. */}
          {Number.isFinite(length) && length > 0 ? `${formatClock(time)} / ${formatClock(length)}` : formatClock(time)}
        </span>
        <input
          className="video-player__progress"
          type="range"
          min={0}
          max={Number.isFinite(length) ? length : 0}
          step={0.1}
          value={time}
          aria-label={t('video.progress')}
          tabIndex={isVisible ? undefined : -1}
          onChange={(event) => {
            reveal();
            const next = Number(event.target.value);
            if (video.current) video.current.currentTime = next;
            setTime(next);
          }}
        />
        <ControlButton label={isMuted ? t('video.unmute') : t('video.mute')} isShown={isVisible} onClick={toggleMute}>
          <path d="M4 9h4l5-4v14l-5-4H4z" fill="currentColor" />
          {isMuted ? (
            <path d="M16 9l5 6M21 9l-5 6" stroke="currentColor" strokeWidth="2" />
          ) : (
            <path d="M16 8a5 5 0 0 1 0 8" stroke="currentColor" strokeWidth="2" fill="none" />
          )}
        </ControlButton>
        <ControlButton label={t('video.fullscreen')} isShown={isVisible} onClick={fullscreen}>
          <path d="M4 9V4h5M15 4h5v5M20 15v5h-5M9 20H4v-5" stroke="currentColor" strokeWidth="2" fill="none" />
        </ControlButton>
      </div>
    </div>
  );
}
