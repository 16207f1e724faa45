import { useEffect, useState } from 'react';
import { useImageSource } from '../../../hooks';
import { getFile } from '../api/get-file';

/** An upload shown through its private URL (fetched with the token, shown as a blob URL). */
export function PrivateImage({ url, alt }: { readonly url: string; readonly alt: string }) {
  const [loaded, setLoaded] = useState<{ readonly url: string; readonly blob: Blob } | undefined>(undefined);
  useEffect(() => {
    const controller = new AbortController();
    getFile(url, controller.signal).then(
      (blob) => setLoaded({ url, blob }),
      // A thumbnail that fails to load leaves the empty frame; the upload itself succeeded.
      () => undefined,
    );
    return () => controller.abort();
  }, [url]);
  const ref = useImageSource(loaded?.url === url ? loaded.blob : undefined);
  return <img ref={ref} alt={alt} className="identity-photo__image" />;
}
