import { maskMiddle } from '@stride/contract';
import {
  createCipheriv,
  createDecipheriv,
  createHash,
  createHmac,
  randomBytes,
  randomInt,
  timingSafeEqual,
} from 'node:crypto';

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

export function requestHash(value: unknown): string {
  return createHash('sha256').update(JSON.stringify(value)).digest('base64url');
}

/**
 * AES-256-GCM for personal data at rest (ID numbers, bank account numbers), keyed by
 * `DATA_ENCRYPTION_KEY`. Sealed values are `v1.iv.tag.ciphertext` (base64url parts); the version
 * names the key scheme so a rotated key can be told apart. Values sealed before the dedicated key
 * existed (three parts, key derived from `APP_SECRET`) still open when that secret is given.
 */
export class FieldCipher {
  constructor(
    private readonly key: Buffer,
    private readonly legacySecret?: string,
  ) {
    if (key.length !== 32) throw new Error('The data encryption key must be 32 bytes');
  }

  encrypt(plaintext: string): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    const data = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
    return ['v1', ...[iv, cipher.getAuthTag(), data].map((part) => part.toString('base64url'))].join('.');
  }

  decrypt(sealed: string): string {
    const parts = sealed.split('.');
    if (parts.length === 4 && parts[0] === 'v1') return open(this.key, parts.slice(1));
    if (parts.length === 3 && this.legacySecret) return open(legacyKey(this.legacySecret), parts);
    throw new Error('Unknown sealed value format');
  }
}

function legacyKey(secret: string): Buffer {
  return createHash('sha256').update(`field-encryption\0${secret}`).digest();
}

function open(key: Buffer, [iv = '', tag = '', data = '']: string[]): string {
  const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([decipher.update(Buffer.from(data, 'base64url')), decipher.final()]).toString('utf8');
}

/** Personal numbers in answers: first 3 and last 4 characters (docs/product/rules.md, Identity). */
export function maskIdNumber(value: string): string {
  return maskMiddle(value);
}

/**
 * Mobile numbers shown to support (decision 026 "User care in the operator console"): the first 3 and last 4
 * characters, as invitees see them.
 */
export function maskMobile(value: string): string {
  return maskIdNumber(value);
}

/** Names shown to support (decision 026 "User care in the operator console"): the first character only. */
export function maskName(value: string): string {
  const [first = ''] = Array.from(value);
  return `${first}${'*'.repeat(Math.max(1, Array.from(value).length - 1))}`;
}

/** Account numbers in answers: the last 4 digits only (docs/product/rules.md, Identity). */
export function maskAccountNumber(value: string): string {
  return `****${value.slice(-4)}`;
}
