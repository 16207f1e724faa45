import { userStore } from '../../../lib/storage';

/**
 * The bytes of one of my uploads (`url` from the upload answer, `/api/v1/files/{id}`). The answer is
 * the image itself rather than an envelope and needs the bearer token, so an <img src> cannot load
 * it: it is fetched here and shown as a blob URL.
 */
export async function getFile(url: string, signal?: AbortSignal): Promise<Blob> {
  const token = userStore.getState().token;
  const response = await fetch(url, {
    headers: { platform: 'h5', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
    ...(signal ? { signal } : {}),
  });
  if (!response.ok || !(response.headers.get('content-type') ?? '').startsWith('image/')) {
    throw new Error(`file ${url}: ${response.status}`);
  }
  return response.blob();
}
