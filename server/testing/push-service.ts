import { execFile } from 'node:child_process';
import { createDecipheriv, createECDH, createPublicKey, hkdfSync, randomBytes, verify } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import type { IncomingMessage } from 'node:http';
import { createServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

// A Web Push service stand-in for tests (RFC 8030 delivery, RFC 8292 VAPID, RFC 8291 message encryption): it
// hands out subscriptions with keys of its own, checks each delivery's VAPID JWT against the key the server
// names, decrypts the message as a browser would, and keeps what arrived.

/** One message the stand-in took. */
export interface DeliveredPush {
  /** The subscription's path it was posted to. */
  path: string;
  /** The decrypted body (the server's JSON). */
  message: unknown;
  /** The VAPID public key (base64url) the JWT was verified with. */
  vapidKey: string;
  /** The JWT's claims. */
  claims: { aud: string; exp: number; sub: string };
  ttl: string | undefined;
}

/** A subscription as `PushSubscription.toJSON()` gives it. */
export interface StandInSubscription {
  endpoint: string;
  expirationTime: null;
  keys: { p256dh: string; auth: string };
}

export interface PushServiceStandIn {
  origin: string;
  /** The stand-in's self-signed certificate (PEM), for the server's `pushTrustedCa`. */
  certificate: string;
  delivered: DeliveredPush[];
  /** Deliveries refused, with the reason (a bad signature, a message that would not decrypt). */
  refused: string[];
  /** A new browser's subscription; `gone` makes the service answer 410 for it (an uninstalled app). */
  subscribe(options?: { gone?: boolean }): StandInSubscription;
  close(): Promise<void>;
}

const b64url = (bytes: Buffer) => bytes.toString('base64url');

/** Verifies an ES256 JWT with a raw P-256 public key; answers its claims, or throws saying why. */
function verifiedClaims(jwt: string, rawKey: Buffer): DeliveredPush['claims'] {
  const [header, payload, signature] = jwt.split('.');
  if (!header || !payload || !signature) throw new Error('the JWT is not three parts');
  if (JSON.parse(Buffer.from(header, 'base64url').toString()).alg !== 'ES256') throw new Error('not ES256');
  const key = createPublicKey({
    key: {
      kty: 'EC',
      crv: 'P-256',
      x: b64url(rawKey.subarray(1, 33)),
      y: b64url(rawKey.subarray(33, 65)),
    },
    format: 'jwk',
  });
  const ok = verify(
    'sha256',
    Buffer.from(`${header}.${payload}`),
    { key, dsaEncoding: 'ieee-p1363' },
    Buffer.from(signature, 'base64url'),
  );
  if (!ok) throw new Error('the VAPID signature does not verify');
  return JSON.parse(Buffer.from(payload, 'base64url').toString());
}

/** Decrypts an `aes128gcm` Web Push body (RFC 8291) with the subscription's private key and auth secret. */
function decrypt(body: Buffer, receiver: ReturnType<typeof createECDH>, authSecret: Buffer): string {
  const salt = body.subarray(0, 16);
  const idLength = body.readUInt8(20);
  const senderKey = body.subarray(21, 21 + idLength);
  const ciphertext = body.subarray(21 + idLength);
  const shared = receiver.computeSecret(senderKey);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), receiver.getPublicKey(), senderKey]);
  const ikm = Buffer.from(hkdfSync('sha256', shared, authSecret, keyInfo, 32));
  const cek = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16));
  const nonce = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12));
  const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(ciphertext.subarray(ciphertext.length - 16));
  const plain = Buffer.concat([
    decipher.update(ciphertext.subarray(0, ciphertext.length - 16)),
    decipher.final(),
  ]);
  // The last record ends with the delimiter 2 and zero padding.
  const end = plain.lastIndexOf(2);
  return plain.subarray(0, end).toString('utf8');
}

function bodyOf(request: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => resolve(Buffer.concat(chunks)));
    request.on('error', reject);
  });
}

/** A throwaway key and self-signed certificate for 127.0.0.1, made by the system's openssl. */
async function selfSignedCertificate(): Promise<{ key: string; cert: string }> {
  const folder = await mkdtemp(path.join(os.tmpdir(), 'push-stand-in-'));
  try {
    await promisify(execFile)('openssl', [
      'req',
      '-x509',
      '-newkey',
      'ec',
      '-pkeyopt',
      'ec_paramgen_curve:prime256v1',
      '-nodes',
      '-keyout',
      path.join(folder, 'key.pem'),
      '-out',
      path.join(folder, 'cert.pem'),
      '-days',
      '1',
      '-subj',
      '/CN=127.0.0.1',
      '-addext',
      'subjectAltName=IP:127.0.0.1',
    ]);
    return {
      key: await readFile(path.join(folder, 'key.pem'), 'utf8'),
      cert: await readFile(path.join(folder, 'cert.pem'), 'utf8'),
    };
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}

/** Starts the stand-in on a free port of 127.0.0.1, over HTTPS as push services are. */
export async function startPushService(): Promise<PushServiceStandIn> {
  const tls = await selfSignedCertificate();
  const browsers = new Map<
    string,
    { receiver: ReturnType<typeof createECDH>; auth: Buffer; gone: boolean }
  >();
  const delivered: DeliveredPush[] = [];
  const refused: string[] = [];
  const server = createServer(tls, (request, response) => {
    void (async () => {
      const path = request.url ?? '';
      const browser = browsers.get(path);
      const body = await bodyOf(request);
      try {
        if (request.method !== 'POST' || !browser) throw new Error(`no subscription at ${path}`);
        const authorization = /^vapid t=([^,\s]+),\s*k=([A-Za-z0-9_-]+)$/.exec(
          request.headers.authorization ?? '',
        );
        if (!authorization?.[1] || !authorization[2]) throw new Error('no VAPID authorization');
        const claims = verifiedClaims(authorization[1], Buffer.from(authorization[2], 'base64url'));
        if (claims.aud !== origin) throw new Error(`the JWT's audience ${claims.aud} is not ${origin}`);
        if (claims.exp * 1000 < Date.now()) throw new Error('the JWT has expired');
        if (!claims.sub?.startsWith('mailto:') && !claims.sub?.startsWith('https:'))
          throw new Error('the JWT names no contact');
        if (request.headers['content-encoding'] !== 'aes128gcm') throw new Error('not aes128gcm');
        if (browser.gone) {
          response.writeHead(410).end();
          return;
        }
        const message = JSON.parse(decrypt(body, browser.receiver, browser.auth));
        delivered.push({
          path,
          message,
          vapidKey: authorization[2],
          claims,
          ttl: request.headers.ttl as string | undefined,
        });
        response.writeHead(201).end();
      } catch (error) {
        refused.push(String(error));
        response.writeHead(400).end();
      }
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `https://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    certificate: tls.cert,
    delivered,
    refused,
    subscribe(options = {}) {
      const receiver = createECDH('prime256v1');
      receiver.generateKeys();
      const auth = randomBytes(16);
      const path = `/push/${b64url(randomBytes(12))}`;
      browsers.set(path, { receiver, auth, gone: options.gone === true });
      return {
        endpoint: `${origin}${path}`,
        expirationTime: null,
        keys: { p256dh: b64url(receiver.getPublicKey()), auth: b64url(auth) },
      };
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
