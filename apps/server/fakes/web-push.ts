import { createDecipheriv, createECDH, createPublicKey, hkdfSync, randomBytes, randomUUID, verify } from 'node:crypto';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local stand-in for a browser's push service (RFC 8030) for tests and journeys: it hands out
 * subscriptions as a browser would (an endpoint here and the browser's keys, a P-256 key pair
 * made with node:crypto ECDH and a 16-byte auth secret), checks each push's VAPID header (the
 * ES256 JWT for this origin, signed by the key it names), decrypts the aes128gcm payload with the
 * subscription's private key (RFC 8291, RFC 8188), records what it received, and answers 201, or
 * what it was told to answer next (410 for an expired subscription, 500, …).
 */

export interface FakeSubscription {
  endpoint: string;
  keys: { p256dh: string; auth: string };
}

export interface ReceivedPush {
  /** The subscription's id: the last segment of its endpoint. */
  subscription: string;
  ttl: string | undefined;
  urgency: string | undefined;
  /** The VAPID JWT verified with the key it names, for this origin, not expired. */
  vapidVerified: boolean;
  /** The key the VAPID header named (base64url). */
  vapidKey: string | undefined;
  /** The decrypted payload, or null when it could not be decrypted. */
  payload: string | null;
  /** What the fake answered. */
  status: number;
}

export interface FakePushService {
  url: string;
  received: ReceivedPush[];
  /** A new subscription, as a browser's PushSubscription.toJSON() gives it. */
  subscribe(): FakeSubscription;
  /** The next `times` pushes are answered with `status` (after they are recorded). */
  answerNext(status: number, times?: number): void;
  close(): Promise<void>;
}

interface Keys {
  ecdh: ReturnType<typeof createECDH>;
  publicKey: Buffer;
  auth: Buffer;
}

async function readBody(request: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** RFC 8291 §3.4 and RFC 8188 §2: one record, the sender's key in the header. */
export function decryptAes128gcm(body: Buffer, keys: Keys): string {
  const salt = body.subarray(0, 16);
  const idLength = body.readUInt8(20);
  const senderKey = body.subarray(21, 21 + idLength);
  const record = body.subarray(21 + idLength);
  const shared = keys.ecdh.computeSecret(senderKey);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), keys.publicKey, senderKey]);
  const ikm = Buffer.from(hkdfSync('sha256', shared, keys.auth, keyInfo, 32));
  const cek = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16));
  const nonce = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12));
  const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(record.subarray(record.length - 16));
  const padded = Buffer.concat([decipher.update(record.subarray(0, record.length - 16)), decipher.final()]);
  let end = padded.length - 1;
  while (end >= 0 && padded[end] === 0) end -= 1;
  if (padded[end] !== 2) throw new Error('not the last record');
  return padded.subarray(0, end).toString('utf8');
}

/** `vapid t=<jwt>, k=<key>`: the JWT is ES256 over header.claims, signed by `k`, for `origin`. */
function verifyVapid(header: string | undefined, origin: string): { verified: boolean; key: string | undefined } {
  const match = /^vapid t=([^,\s]+),\s*k=([A-Za-z0-9_-]+)$/.exec(header ?? '');
  if (!match) return { verified: false, key: undefined };
  const [, jwt = '', key = ''] = match;
  try {
    const [head = '', claims = '', signature = ''] = jwt.split('.');
    const point = Buffer.from(key, 'base64url');
    const publicKey = createPublicKey({
      key: {
        kty: 'EC',
        crv: 'P-256',
        x: point.subarray(1, 33).toString('base64url'),
        y: point.subarray(33, 65).toString('base64url'),
      },
      format: 'jwk',
    });
    const signed = verify(
      'sha256',
      Buffer.from(`${head}.${claims}`),
      { key: publicKey, dsaEncoding: 'ieee-p1363' },
      Buffer.from(signature, 'base64url'),
    );
    const body = JSON.parse(Buffer.from(claims, 'base64url').toString('utf8')) as { aud?: string; exp?: number };
    const verified = signed && body.aud === origin && typeof body.exp === 'number' && body.exp * 1000 > Date.now();
    return { verified, key };
  } catch {
    return { verified: false, key };
  }
}

export async function startWebPushFake(options: { port?: number } = {}): Promise<FakePushService> {
  const subscriptions = new Map<string, Keys>();
  const received: ReceivedPush[] = [];
  const answers: number[] = [];

  const server = createServer((request, response) => {
    void (async () => {
      const body = await readBody(request);
      const id = (request.url ?? '').split('/').pop() ?? '';
      const keys = subscriptions.get(id);
      const origin = `http://${request.headers.host ?? ''}`;
      const vapid = verifyVapid(request.headers.authorization, origin);
      let payload: string | null = null;
      if (keys && request.headers['content-encoding'] === 'aes128gcm') {
        try {
          payload = decryptAes128gcm(body, keys);
        } catch {
          payload = null;
        }
      }
      const status = !keys ? 404 : (answers.shift() ?? 201);
      const header = (name: string) => {
        const value = request.headers[name];
        return Array.isArray(value) ? value[0] : value;
      };
      received.push({
        subscription: id,
        ttl: header('ttl'),
        urgency: header('urgency'),
        vapidVerified: vapid.verified,
        vapidKey: vapid.key,
        payload,
        status,
      });
      response.writeHead(status, status === 201 ? { location: `${origin}/message/${randomUUID()}` } : {});
      response.end();
    })();
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    url,
    received,
    subscribe() {
      const ecdh = createECDH('prime256v1');
      const publicKey = ecdh.generateKeys();
      const auth = randomBytes(16);
      const id = randomUUID();
      subscriptions.set(id, { ecdh, publicKey, auth });
      return {
        endpoint: `${url}/push/${id}`,
        keys: { p256dh: publicKey.toString('base64url'), auth: auth.toString('base64url') },
      };
    },
    answerNext(status, times = 1) {
      for (let i = 0; i < times; i += 1) answers.push(status);
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
