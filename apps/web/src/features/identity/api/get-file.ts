import { getImageBytes } from '../../../lib/image-bytes';

/**
 * The bytes of one of my uploads (`url` from the upload answer, `/api/v1/files/{id}`). The answer is
 * the image itself rather than an envelope and needs the bearer token, so an <img src> cannot load
 * it: it is fetched here and shown as a blob URL.
 */
export const getFile = (url: string, signal?: AbortSignal): Promise<Blob> => getImageBytes(url, 'file', signal);
