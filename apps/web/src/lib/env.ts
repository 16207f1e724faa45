/** The one reader of import.meta.env; a bad value stops the app at start-up, not at the first call. */
export function parseApiBackups(raw: string | undefined): readonly string[] {
  if (!raw) return [];
  return raw
    .split(',')
    .map((value) => value.trim())
    .filter((value) => value !== '')
    .map((value) => {
      let url: URL;
      try {
        url = new URL(value);
      } catch {
        throw new Error(`VITE_API_BACKUPS: "${value}" is not a URL`);
      }
      if (url.protocol !== 'http:' && url.protocol !== 'https:') {
        throw new Error(`VITE_API_BACKUPS: "${value}" is not an http(s) URL`);
      }
      return url.origin + url.pathname.replace(/\/$/, '');
    });
}

export const env = {
  apiBackups: parseApiBackups(import.meta.env.VITE_API_BACKUPS),
} as const;
