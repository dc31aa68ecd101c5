import { createHash, generateKeyPairSync, type KeyObject, randomBytes, sign } from 'node:crypto';

// A WebAuthn authenticator in software, for the passkey tests (issue 44): a P-256 key made with node:crypto,
// and the attestation ('none') and assertion responses it returns built byte by byte as WebAuthn Level 3
// §6.1 (authenticator data), §6.5.4 ('none' attestation) and §6.3.3 (assertion signature) lay them out. It
// is a real authenticator the server's checks meet, not a stand-in for the server.

type Cbor = number | string | Uint8Array | Map<Cbor, Cbor>;

/** The CBOR head of a major type and a length or value (RFC 8949 §3). */
function head(major: number, value: number): Buffer {
  if (value < 24) return Buffer.from([(major << 5) | value]);
  if (value < 0x100) return Buffer.from([(major << 5) | 24, value]);
  if (value < 0x10000) return Buffer.from([(major << 5) | 25, value >> 8, value & 0xff]);
  const long = Buffer.alloc(5);
  long[0] = (major << 5) | 26;
  long.writeUInt32BE(value, 1);
  return long;
}

/** CBOR of the few types WebAuthn's structures use: integers, byte and text strings, maps. */
function cbor(value: Cbor): Buffer {
  if (typeof value === 'number') return value >= 0 ? head(0, value) : head(1, -1 - value);
  if (typeof value === 'string') {
    const text = Buffer.from(value, 'utf8');
    return Buffer.concat([head(3, text.length), text]);
  }
  if (value instanceof Uint8Array) return Buffer.concat([head(2, value.length), value]);
  const parts = [head(5, value.size)];
  for (const [key, item] of value) parts.push(cbor(key), cbor(item));
  return Buffer.concat(parts);
}

const sha256 = (data: Uint8Array | string): Buffer => createHash('sha256').update(data).digest();

/** Authenticator data flags (§6.1). */
const USER_PRESENT = 0x01;
const USER_VERIFIED = 0x04;
const ATTESTED_CREDENTIAL = 0x40;

/** The WebAuthn JSON a browser hands the page (`toJSON()`), as our calls take it. */
export interface RegistrationJson {
  id: string;
  rawId: string;
  type: 'public-key';
  authenticatorAttachment: 'platform';
  clientExtensionResults: Record<string, never>;
  response: { clientDataJSON: string; attestationObject: string; transports: ['internal'] };
}

export interface AuthenticationJson {
  id: string;
  rawId: string;
  type: 'public-key';
  authenticatorAttachment: 'platform';
  clientExtensionResults: Record<string, never>;
  response: { clientDataJSON: string; authenticatorData: string; signature: string };
}

/** One passkey held by a software authenticator for one relying party. */
export class SoftwareAuthenticator {
  readonly credentialId = randomBytes(16);
  private readonly privateKey: KeyObject;
  private readonly cosePublicKey: Buffer;
  /** The signature counter; each assertion raises it. */
  signCount = 0;

  constructor(
    private readonly rpId: string,
    private readonly origin: string,
  ) {
    const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    this.privateKey = privateKey;
    const jwk = publicKey.export({ format: 'jwk' });
    if (!jwk.x || !jwk.y) throw new Error('P-256 key without coordinates');
    // COSE_Key of an ES256 public key (RFC 9053 §7.1.1): kty EC2, alg ES256, crv P-256, x, y.
    this.cosePublicKey = cbor(
      new Map<Cbor, Cbor>([
        [1, 2],
        [3, -7],
        [-1, 1],
        [-2, Buffer.from(jwk.x, 'base64url')],
        [-3, Buffer.from(jwk.y, 'base64url')],
      ]),
    );
  }

  get id(): string {
    return this.credentialId.toString('base64url');
  }

  private clientData(type: 'webauthn.create' | 'webauthn.get', challenge: string, origin: string): Buffer {
    return Buffer.from(JSON.stringify({ type, challenge, origin, crossOrigin: false }));
  }

  private authenticatorData(flags: number, attested?: Buffer): Buffer {
    const count = Buffer.alloc(4);
    count.writeUInt32BE(this.signCount);
    return Buffer.concat([sha256(this.rpId), Buffer.from([flags]), count, ...(attested ? [attested] : [])]);
  }

  /** `navigator.credentials.create` answered for `challenge` (from the server's options), 'none' attestation. */
  register(challenge: string, origin = this.origin): RegistrationJson {
    const length = Buffer.alloc(2);
    length.writeUInt16BE(this.credentialId.length);
    // Attested credential data (§6.5.2): an all-zero AAGUID, the credential id's length and id, the key.
    const attested = Buffer.concat([Buffer.alloc(16), length, this.credentialId, this.cosePublicKey]);
    const authData = this.authenticatorData(USER_PRESENT | USER_VERIFIED | ATTESTED_CREDENTIAL, attested);
    const attestationObject = cbor(
      new Map<Cbor, Cbor>([
        ['fmt', 'none'],
        ['attStmt', new Map()],
        ['authData', authData],
      ]),
    );
    return {
      id: this.id,
      rawId: this.id,
      type: 'public-key',
      authenticatorAttachment: 'platform',
      clientExtensionResults: {},
      response: {
        clientDataJSON: this.clientData('webauthn.create', challenge, origin).toString('base64url'),
        attestationObject: attestationObject.toString('base64url'),
        transports: ['internal'],
      },
    };
  }

  /**
   * `navigator.credentials.get` answered for `challenge`: the counter raised, then ECDSA P-256 with SHA-256
   * over the authenticator data and the hash of the client data (§6.3.3), DER encoded as WebAuthn wants.
   */
  assert(challenge: string, options: { origin?: string; signCount?: number } = {}): AuthenticationJson {
    this.signCount = options.signCount ?? this.signCount + 1;
    const clientData = this.clientData('webauthn.get', challenge, options.origin ?? this.origin);
    const authData = this.authenticatorData(USER_PRESENT | USER_VERIFIED);
    const signature = sign('sha256', Buffer.concat([authData, sha256(clientData)]), this.privateKey);
    return {
      id: this.id,
      rawId: this.id,
      type: 'public-key',
      authenticatorAttachment: 'platform',
      clientExtensionResults: {},
      response: {
        clientDataJSON: clientData.toString('base64url'),
        authenticatorData: authData.toString('base64url'),
        signature: signature.toString('base64url'),
      },
    };
  }
}
