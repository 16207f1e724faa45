import { getImageBytes } from '../../../lib/image-bytes';

/**
 * The avatar's bytes (`avatarUrl`, an upload's `/api/v1/files/{id}`): the answer is the image
 * itself and needs the bearer token, so an <img src> cannot load it; it is fetched here and shown
 * as a blob URL, as uploads are elsewhere.
 */
export const getAvatar = (url: string, signal?: AbortSignal): Promise<Blob> => getImageBytes(url, 'avatar', signal);
