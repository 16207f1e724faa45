import type { Readable } from 'node:stream';
import { AppError } from '../http/errors.js';

/**
 * Where private objects live (decision 054 "Object storage"): upload bytes, catalogue images and the companion
 * package. Keys are chosen by the server, never taken from a file name. Two implementations share
 * this contract and one test suite: the local disk (the default) and S3-compatible storage. No
 * object is ever public: the server reads it after its own access check and streams it on.
 */
export interface ObjectStore {
  readonly kind: 'disk' | 's3';
  /** Stores small bytes under a new key; a key that holds something already is refused. */
  put(key: string, bytes: Buffer, contentType?: string): Promise<void>;
  /** Stores a local file's bytes, streamed (never whole in memory); the file itself is left as it is. */
  putFile(key: string, file: string, contentType?: string): Promise<void>;
  /** Stores `size` bytes read from a stream under a new key (the copy between stores). */
  putStream(key: string, source: Readable, size: number, contentType?: string): Promise<void>;
  /** The whole object, or null when the key holds nothing (small objects). */
  get(key: string): Promise<Buffer | null>;
  /** The object as a stream with its size, or null when the key holds nothing (large objects). */
  open(key: string): Promise<{ stream: Readable; size: number } | null>;
  /** The object's size, or null when the key holds nothing. */
  stat(key: string): Promise<{ size: number } | null>;
  /** Removes the object; a key that holds nothing is fine. */
  delete(key: string): Promise<void>;
  /** Every object held, in no particular order (the copy between stores, the sweep of strays). */
  list(): AsyncIterable<ListedObject>;
  /** Throws StorageUnavailableError unless the store can be read and written now (/readyz). */
  check(): Promise<void>;
}

export interface ListedObject {
  key: string;
  size: number;
  /** When it was written (ms since the epoch, the store's clock). */
  modifiedAt: number;
}

/** The parts of a key: lower-case names with an optional extension, at most four deep. */
const SEGMENT = /^[a-z0-9][a-z0-9_-]{0,63}(\.[a-z0-9]{1,8})?$/;
const MAX_DEPTH = 4;

export function isValidKey(key: string): boolean {
  const segments = key.split('/');
  return segments.length <= MAX_DEPTH && segments.every((segment) => SEGMENT.test(segment));
}

/** A key outside the rules: a bug in the caller, never user input (keys are the server's). */
export class InvalidKeyError extends Error {
  constructor(key: string) {
    super(`Invalid storage key ${JSON.stringify(key.slice(0, 200))}`);
  }
}

/** `put` to a key that holds something already: stored objects are never overwritten. */
export class KeyExistsError extends Error {
  constructor(key: string) {
    super(`The storage key ${key} holds an object already`);
  }
}

/**
 * The store could not be reached or refused the call (network, credentials, a missing bucket, a
 * full disk): the caller gets 1014 in its language, the cause stays in the server's log.
 */
export class StorageUnavailableError extends AppError {
  constructor(readonly reason: unknown) {
    super('SERVICE_UNAVAILABLE', 'storageUnavailable');
    this.cause = reason;
  }
}

export function checkKey(key: string): string {
  if (!isValidKey(key)) throw new InvalidKeyError(key);
  return key;
}
