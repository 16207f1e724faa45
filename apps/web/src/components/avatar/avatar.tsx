import { useEffect, useState } from 'react';
import { useImageSource } from '../../hooks';
import { getImageBytes } from '../../lib/image-bytes';
import './avatar.css';

/**
 * The avatar's bytes (`avatarUrl`: an upload's `/api/v1/files/{id}`, or a friend's `/api/friends/{id}/avatar`): the
 * answer is the image itself and needs the bearer token, so an <img src> cannot load it; it is fetched here and shown
 * as a blob URL, as uploads are elsewhere.
 */
const getAvatar = (url: string, signal?: AbortSignal): Promise<Blob> => getImageBytes(url, 'avatar', signal);

export interface AvatarProps {
  /** The user's (or a friend's) `avatarUrl`, or null: a drawn figure then. */
  readonly url: string | null;
  /** A picture chosen and not yet saved: shown instead of `url`. */
  readonly preview?: Blob | undefined;
  readonly size?: number;
}

/** The user's round picture; decorative (the name beside it says whose it is). */
export function Avatar({ url, preview, size = 56 }: AvatarProps) {
  const [loaded, setLoaded] = useState<{ readonly url: string; readonly blob: Blob } | undefined>(undefined);
  useEffect(() => {
    if (!url || preview) return undefined;
    const controller = new AbortController();
    getAvatar(url, controller.signal).then(
      (blob) => setLoaded({ url, blob }),
      // A picture that does not load leaves the drawn figure; nothing else depends on it.
      () => undefined,
    );
    return () => controller.abort();
  }, [url, preview]);
  const source = preview ?? (loaded && loaded.url === url ? loaded.blob : undefined);
  const ref = useImageSource(source);
  return (
    <span className="avatar" style={{ width: size, height: size }} aria-hidden="true">
      {source ? (
        <img ref={ref} alt="" className="avatar__image" data-testid="avatar-image" />
      ) : (
        <svg viewBox="0 0 24 24" className="avatar__figure" fill="currentColor">
          <path d="M12 12.5a4.25 4.25 0 1 0 0-8.5 4.25 4.25 0 0 0 0 8.5zM4 20.5c0-3.9 3.6-6.2 8-6.2s8 2.3 8 6.2z" />
        </svg>
      )}
    </span>
  );
}
