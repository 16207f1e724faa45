import { createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';

/** Opaque bearer tokens and reset keys: 256 random bits. */
export function randomToken(): string {
  return randomBytes(32).toString('base64url');
}

export function randomDigits(length: number): string {
  let digits = '';
  for (let i = 0; i < length; i += 1) digits += String(randomInt(10));
  return digits;
}

const INVITE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

/** No 0/O or 1/I, so a code read aloud or typed from a screenshot survives. */
export function randomInviteCode(length = 8): string {
  let code = '';
  for (let i = 0; i < length; i += 1) code += INVITE_ALPHABET[randomInt(INVITE_ALPHABET.length)];
  return code;
}

/**
 * Keyed hash for secrets we only ever compare (tokens, codes, captcha answers): a leaked table is
 * useless without the application secret.
 */
export function keyedHash(secret: string, purpose: string, value: string): string {
  return createHmac('sha256', secret).update(`${purpose}\0${value}`).digest('base64url');
}

export function sameHash(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}
