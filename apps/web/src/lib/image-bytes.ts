import { userStore } from './storage';

/**
 * An image the server answers with itself rather than an envelope (an upload's `/api/v1/files/{id}`), with the
 * bearer token, so that an <img src>, which cannot send it, shows it as a blob URL. `what` names it in the error.
 */
export async function getImageBytes(url: string, what: string, signal?: AbortSignal): Promise<Blob> {
  const token = userStore.getState().token;
  const response = await fetch(url, {
    headers: { platform: 'h5', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
    ...(signal ? { signal } : {}),
  });
  if (!response.ok || !(response.headers.get('content-type') ?? '').startsWith('image/')) {
    throw new Error(`${what} ${url}: ${response.status}`);
  }
  return response.blob();
}
