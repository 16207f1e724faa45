import { useCallback, type RefCallback } from 'react';

/**
 * A ref for an <img> showing a string URL or a Blob. A Blob gets an object URL that the ref
 * creates and releases itself, so a remount (StrictMode, page stack) never shows a revoked URL.
 */
export function useImageSource(source: string | Blob | undefined): RefCallback<HTMLImageElement> {
  return useCallback(
    (element: HTMLImageElement | null) => {
      if (!element || source === undefined) return undefined;
      if (typeof source === 'string') {
        element.src = source;
        return undefined;
      }
      const url = URL.createObjectURL(source);
      element.src = url;
      return () => URL.revokeObjectURL(url);
    },
    [source],
  );
}
