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
  /** The variables that point a test app at it (STORAGE=s3, decision 054 "Object storage"). */
  env: Record<string, string>;
  /** Stops answering, keeping every object (an outage). */
  pause(): Promise<void>;
  /** Answers again on the same port with the same objects. */
  resume(): Promise<void>;
  /** Stops and removes its objects. */
  stop(): Promise<void>;
}

/**
 * An S3-compatible server on a loopback port, in this process, with one empty bucket: the S3 run
 * of the storage suite and the uploads' end-to-end tests use it. No network beyond 127.0.0.1.
 */
export async function startLocalS3(bucket = 'stride-test'): Promise<LocalS3> {
  const directory = mkdtempSync(path.join(tmpdir(), 'stride-s3-'));
  const serve = async (port: number) => {
    const instance = new S3rver({
      address: '127.0.0.1',
      port,
      silent: true,
      directory,
      configureBuckets: [{ name: bucket }],
    });
    return { instance, port: (await instance.run()).port };
  };
  let { instance: server, port } = await serve(0);
  let running = true;
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
    pause: async () => {
      if (running) await server.close();
      running = false;
    },
    resume: async () => {
      if (running) return;
      ({ instance: server, port } = await serve(port));
      running = true;
    },
    stop: async () => {
      if (running) await server.close();
      running = false;
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
