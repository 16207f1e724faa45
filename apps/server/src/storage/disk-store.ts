import { randomUUID } from 'node:crypto';
import { constants, createReadStream, createWriteStream } from 'node:fs';
import { access, copyFile, link, mkdir, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  InvalidKeyError,
  KeyExistsError,
  StorageUnavailableError,
  checkKey,
  isValidKey,
  type ListedObject,
  type ObjectStore,
} from './object-store.js';

const codeOf = (error: unknown) => (error as { code?: string }).code;

/** A failure of the disk itself (full, read-only, no permission) is the store being unavailable. */
function unavailable(error: unknown): never {
  throw new StorageUnavailableError(error);
}

/**
 * Objects as files under one folder (the default, decision 054 "Object storage"): `<root>/<key>`, folders 0700,
 * files 0600. A key never leads outside the folder: it is checked against the key rules and the
 * resolved path must stay inside the root.
 */
export class DiskObjectStore implements ObjectStore {
  readonly kind = 'disk' as const;
  private readonly root: string;

  constructor(root: string) {
    this.root = path.resolve(root);
  }

  private pathOf(key: string): string {
    const file = path.resolve(this.root, checkKey(key));
    if (!file.startsWith(this.root + path.sep)) throw new InvalidKeyError(key);
    return file;
  }

  async put(key: string, bytes: Buffer): Promise<void> {
    const file = this.pathOf(key);
    try {
      await mkdir(path.dirname(file), { recursive: true, mode: 0o700 });
      await writeFile(file, bytes, { mode: 0o600, flag: 'wx' });
    } catch (error) {
      if (codeOf(error) === 'EEXIST') throw new KeyExistsError(key);
      unavailable(error);
    }
  }

  /** Copied beside its place under a temporary name, then linked in: a reader never sees half a file. */
  putFile(key: string, source: string): Promise<void> {
    return this.placed(key, (temp) => copyFile(source, temp, constants.COPYFILE_EXCL));
  }

  putStream(key: string, source: Readable): Promise<void> {
    return this.placed(key, (temp) => pipeline(source, createWriteStream(temp, { flags: 'wx', mode: 0o600 })));
  }

  /** Writes a temporary file beside the key's place with `write`, then links it in (never over an object). */
  private async placed(key: string, write: (temp: string) => Promise<void>): Promise<void> {
    const file = this.pathOf(key);
    const temp = path.join(path.dirname(file), `.tmp-${randomUUID()}`);
    try {
      await mkdir(path.dirname(file), { recursive: true, mode: 0o700 });
      if (await this.stat(key)) throw new KeyExistsError(key);
      await write(temp);
      await link(temp, file);
    } catch (error) {
      if (error instanceof KeyExistsError || codeOf(error) === 'EEXIST') throw new KeyExistsError(key);
      unavailable(error);
    } finally {
      await rm(temp, { force: true });
    }
  }

  async get(key: string): Promise<Buffer | null> {
    const file = this.pathOf(key);
    try {
      return await readFile(file);
    } catch (error) {
      if (codeOf(error) === 'ENOENT') return null;
      return unavailable(error);
    }
  }

  async open(key: string): Promise<{ stream: Readable; size: number } | null> {
    const file = this.pathOf(key);
    const found = await this.stat(key);
    if (!found) return null;
    const stream = createReadStream(file);
    // Opened before answering: a file removed in between is missing, not a broken stream.
    try {
      await new Promise<void>((resolve, reject) => {
        stream.once('open', () => resolve());
        stream.once('error', reject);
      });
    } catch (error) {
      stream.destroy();
      if (codeOf(error) === 'ENOENT') return null;
      return unavailable(error);
    }
    return { stream, size: found.size };
  }

  async stat(key: string): Promise<{ size: number } | null> {
    const file = this.pathOf(key);
    try {
      const info = await stat(file);
      return info.isFile() ? { size: info.size } : null;
    } catch (error) {
      if (codeOf(error) === 'ENOENT') return null;
      return unavailable(error);
    }
  }

  async delete(key: string): Promise<void> {
    const file = this.pathOf(key);
    try {
      await rm(file, { force: true });
    } catch (error) {
      unavailable(error);
    }
  }

  async *list(): AsyncIterable<ListedObject> {
    let names: string[];
    try {
      names = (await readdir(this.root, { recursive: true })).map(String);
    } catch (error) {
      if (codeOf(error) === 'ENOENT') return;
      return unavailable(error);
    }
    for (const name of names) {
      const key = name.split(path.sep).join('/');
      if (!isValidKey(key)) continue;
      const info = await stat(path.join(this.root, name)).catch(() => undefined);
      if (info?.isFile()) yield { key, size: info.size, modifiedAt: info.mtimeMs };
    }
  }

  /** The folder exists (it is made if not) and this process may read and write it. */
  async check(): Promise<void> {
    try {
      await mkdir(this.root, { recursive: true, mode: 0o700 });
      await access(this.root, constants.R_OK | constants.W_OK | constants.X_OK);
    } catch (error) {
      unavailable(error);
    }
  }
}
