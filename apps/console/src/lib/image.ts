import type { EndpointDef, ParamsOf } from '@stride/contract';
import { buildUrl, ConsoleError } from './request';

/**
 * A `binary` console endpoint's image (decision 027 "The console's dashboard"): fetched with the console cookie (same
 * origin), answered as an object URL the caller revokes when done. A refusal is still an envelope,
 * and becomes a ConsoleError with the server's message.
 */
export async function fetchImage<E extends EndpointDef>(
  endpoint: E,
  params: ParamsOf<E>,
  language: string,
): Promise<string> {
  const response = await fetch(buildUrl(endpoint.path, params, undefined), {
    credentials: 'same-origin',
    headers: { 'accept-language': language },
  });
  const type = response.headers.get('content-type') ?? '';
  if (response.ok && type.startsWith('image/')) return URL.createObjectURL(await response.blob());
  const envelope = (await response.json().catch(() => null)) as { code?: number; message?: string } | null;
  throw new ConsoleError(envelope?.code ?? 0, envelope?.message ?? `HTTP ${response.status}`);
}
