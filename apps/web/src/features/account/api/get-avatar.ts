import { userStore } from '../../../lib/storage';

/**
 * The avatar's bytes (`avatarUrl`, an upload's `/api/v1/files/{id}`): the answer is the image
 * itself and needs the bearer token, so an <img src> cannot load it; it is fetched here and shown
 * as a blob URL, as uploads are elsewhere.
 */
export async function getAvatar(url: string, signal?: AbortSignal): Promise<Blob> {
  const token = userStore.getState().token;
  const response = await fetch(url, {
    headers: { platform: 'h5', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
    ...(signal ? { signal } : {}),
  });
  if (!response.ok || !(response.headers.get('content-type') ?? '').startsWith('image/')) {
    throw new Error(`avatar ${url}: ${response.status}`);
  }
  return response.blob();
}
