/**
 * A fresh key for one confirmed withdrawal. getRandomValues, not randomUUID: the demo is often
 * opened over plain http on a LAN address, where randomUUID (secure contexts only) is missing.
 */
export function newIdempotencyKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}
