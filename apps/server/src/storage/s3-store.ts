import { createReadStream } from 'node:fs';
import { stat as statFile } from 'node:fs/promises';
import { Readable } from 'node:stream';
import type * as S3Sdk from '@aws-sdk/client-s3';
import type { S3Client } from '@aws-sdk/client-s3';
import {
  KeyExistsError,
  StorageUnavailableError,
  checkKey,
  isValidKey,
  type ListedObject,
  type ObjectStore,
} from './object-store.js';

export interface S3Settings {
  /** Empty for AWS itself; the address of MinIO, Ceph, OSS or another S3-compatible service. */
  endpoint?: string;
  region: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** Bucket in the path (`endpoint/bucket/key`), as most self-hosted services want. */
  forcePathStyle: boolean;
  /** Each call's limit; the SDK retries a failed call up to three times in all. */
  timeoutMs: number;
}

/** What a "no such key" looks like across services: the SDK's names and a bare 404. */
function isMissing(error: unknown): boolean {
  const name = (error as { name?: string }).name;
  // A missing bucket is a configuration fault, not a missing object.
  if (name === 'NoSuchBucket') return false;
  const status = (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
  return name === 'NoSuchKey' || name === 'NotFound' || status === 404;
}

/** A failure of the service is the store being unavailable; "missing" is answered by the caller. */
function unavailable(error: unknown): never {
  throw new StorageUnavailableError(error);
}

/**
 * Objects in an S3-compatible bucket through the AWS SDK v3 (decision 054 "Object storage"): `<prefix><key>`, one
 * prefix per area (`uploads/`, `companion/`) in one private bucket. The bucket needs no public
 * access of any kind: the server reads each object and streams it to whoever passed its checks.
 */
export class S3ObjectStore implements ObjectStore {
  readonly kind = 's3' as const;

  constructor(
    private readonly connection: S3Connection,
    private readonly bucket: string,
    /** Ends with `/`. */
    private readonly prefix: string,
  ) {}

  private name(key: string): string {
    return `${this.prefix}${checkKey(key)}`;
  }

  put(key: string, bytes: Buffer, contentType?: string): Promise<void> {
    return this.putBody(key, bytes, bytes.length, contentType);
  }

  /** One streamed PUT of a known length (up to 5 GB, far above any package we take). */
  async putFile(key: string, file: string, contentType?: string): Promise<void> {
    checkKey(key);
    const { size } = await statFile(file);
    const body = createReadStream(file);
    try {
      await this.putStream(key, body, size, contentType);
    } finally {
      body.destroy();
    }
  }

  putStream(key: string, body: Readable, size: number, contentType?: string): Promise<void> {
    return this.putBody(key, body, size, contentType);
  }

  private async putBody(key: string, body: Buffer | Readable, size: number, contentType?: string): Promise<void> {
    const name = this.name(key);
    // Keys are fresh random ids: this guards against a bug, not a race (decision 054 "Object storage").
    if (await this.stat(key)) throw new KeyExistsError(key);
    try {
      await this.connection.run((client, sdk) =>
        client.send(
          new sdk.PutObjectCommand({
            Bucket: this.bucket,
            Key: name,
            Body: body,
            ContentLength: size,
            ContentType: contentType ?? 'application/octet-stream',
          }),
        ),
      );
    } catch (error) {
      unavailable(error);
    }
  }

  async get(key: string): Promise<Buffer | null> {
    const found = await this.open(key);
    if (!found) return null;
    try {
      const chunks: Buffer[] = [];
      for await (const chunk of found.stream) chunks.push(chunk as Buffer);
      return Buffer.concat(chunks);
    } catch (error) {
      return unavailable(error);
    }
  }

  async open(key: string): Promise<{ stream: Readable; size: number } | null> {
    const name = this.name(key);
    try {
      const answer = await this.connection.run((client, sdk) =>
        client.send(new sdk.GetObjectCommand({ Bucket: this.bucket, Key: name })),
      );
      const body = answer.Body;
      if (!(body instanceof Readable)) throw new Error('The object came without a readable body');
      return { stream: body, size: Number(answer.ContentLength ?? 0) };
    } catch (error) {
      if (isMissing(error)) return null;
      return unavailable(error);
    }
  }

  async stat(key: string): Promise<{ size: number } | null> {
    const name = this.name(key);
    try {
      const answer = await this.connection.run((client, sdk) =>
        client.send(new sdk.HeadObjectCommand({ Bucket: this.bucket, Key: name })),
      );
      return { size: Number(answer.ContentLength ?? 0) };
    } catch (error) {
      if (isMissing(error)) return null;
      return unavailable(error);
    }
  }

  async delete(key: string): Promise<void> {
    const name = this.name(key);
    try {
      await this.connection.run((client, sdk) =>
        client.send(new sdk.DeleteObjectCommand({ Bucket: this.bucket, Key: name })),
      );
    } catch (error) {
      if (!isMissing(error)) unavailable(error);
    }
  }

  async *list(): AsyncIterable<ListedObject> {
    let token: string | undefined;
    do {
      let page;
      try {
        page = await this.connection.run((client, sdk) =>
          client.send(
            new sdk.ListObjectsV2Command({ Bucket: this.bucket, Prefix: this.prefix, ContinuationToken: token }),
          ),
        );
      } catch (error) {
        return unavailable(error);
      }
      for (const entry of page.Contents ?? []) {
        const key = entry.Key?.slice(this.prefix.length);
        if (key && isValidKey(key)) {
          yield { key, size: Number(entry.Size ?? 0), modifiedAt: entry.LastModified?.getTime() ?? 0 };
        }
      }
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
  }

  /** A HEAD on the bucket: reachable, the credentials are good and the bucket exists. */
  async check(): Promise<void> {
    try {
      await this.connection.run((client, sdk) => client.send(new sdk.HeadBucketCommand({ Bucket: this.bucket })));
    } catch (error) {
      unavailable(error);
    }
  }
}

type Sdk = typeof S3Sdk;
let loading: Promise<Sdk> | undefined;

/**
 * The SDK is loaded on first use, never by a server on the disk: importing it costs about half a
 * second and 25 MB (decision 054 "Object storage"). `s3Storage` starts the load while the server starts.
 */
function loadSdk(): Promise<Sdk> {
  loading ??= import('@aws-sdk/client-s3');
  return loading;
}

/** One S3 client for every area, made once the SDK has loaded. */
export class S3Connection {
  private client: Promise<S3Client> | undefined;

  constructor(private readonly settings: S3Settings) {}

  /** Runs one call with the client (a failure to load the SDK fails the call like any other). */
  async run<T>(call: (client: S3Client, sdk: Sdk) => Promise<T>): Promise<T> {
    const [client, sdk] = await Promise.all([this.get(), loadSdk()]);
    return call(client, sdk);
  }

  get(): Promise<S3Client> {
    this.client ??= loadSdk().then((sdk) => createS3Client(sdk, this.settings));
    return this.client;
  }

  /** Closes the client's sockets (the app's close). */
  destroy(): void {
    void this.client?.then((client) => client.destroy()).catch(() => undefined);
  }
}

function createS3Client(sdk: Sdk, settings: S3Settings): S3Client {
  return new sdk.S3Client({
    region: settings.region,
    ...(settings.endpoint ? { endpoint: settings.endpoint } : {}),
    forcePathStyle: settings.forcePathStyle,
    credentials: { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey },
    // Checksums only where the API requires them: S3-compatible services differ in the newer
    // trailing checksums, and TLS already protects the bytes on the way.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    maxAttempts: 3,
    requestHandler: { connectionTimeout: settings.timeoutMs, requestTimeout: settings.timeoutMs },
  });
}
