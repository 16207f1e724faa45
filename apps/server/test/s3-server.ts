import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import type { S3Settings } from '../src/storage/s3-store.js';

/** s3rver's fixed credentials: it refuses another access key id (it does not verify v4 signatures). */
const ACCESS_KEY = 'S3RVER';
const SECRET_KEY = 'S3RVER';

export interface LocalS3 {
  endpoint: string;
  bucket: string;
  settings: S3Settings;
  /** The variables that point a test app at it (STORAGE=s3, decision 054). */
  env: Record<string, string>;
  stop(): Promise<void>;
}

/**
 * An S3-compatible server on a loopback port, in this process, with one empty bucket: the S3 run
 * of the storage suite and the uploads' end-to-end tests use it. No network beyond 127.0.0.1.
 */
export async function startLocalS3(bucket = 'stride-test'): Promise<LocalS3> {
  const directory = mkdtempSync(path.join(tmpdir(), 'stride-s3-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket }],
  });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  const settings: S3Settings = {
    endpoint,
    region: 'us-east-1',
    bucket,
    accessKeyId: ACCESS_KEY,
    secretAccessKey: SECRET_KEY,
    forcePathStyle: true,
    timeoutMs: 5_000,
  };
  return {
    endpoint,
    bucket,
    settings,
    env: {
      STORAGE: 's3',
      S3_ENDPOINT: endpoint,
      S3_REGION: 'us-east-1',
      S3_BUCKET: bucket,
      S3_ACCESS_KEY_ID: ACCESS_KEY,
      S3_SECRET_ACCESS_KEY: SECRET_KEY,
      S3_FORCE_PATH_STYLE: 'true',
      S3_TIMEOUT_MS: '5000',
    },
    stop: async () => {
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
