/**
 * A software authenticator for the passkey tests (issue 49): one ES256 key pair per passkey, attestation
 * 'none', assertions signed with node:crypto, user presence and verification set, and every field a
 * test may want wrong (origin, relying party, counter, challenge) as an option.
 */
import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto';
import { isoBase64URL, isoCBOR } from '@simplewebauthn/server/helpers';

const b64url = (bytes: Uint8Array | Buffer) => Buffer.from(bytes).toString('base64url');
const sha256 = (data: Buffer | string) => createHash('sha256').update(data).digest();

/** flags: user present, user verified, backup eligible and state as asked, attested credential data. */
const UP = 0x01;
const UV = 0x04;
const BE = 0x08;
const BS = 0x10;
const AT = 0x40;

export interface CeremonyOverrides {
  origin?: string;
  rpId?: string;
  challenge?: string;
  type?: string;
}

export class SoftPasskey {
  readonly credentialId = randomBytes(16);
  private readonly privateKey: KeyObject;
  private readonly publicJwk: { x: string; y: string };
  counter: number;
  userHandle: string | null = null;

  constructor(
    readonly rpId: string,
    readonly origin: string,
    { counter = 0, synced = true }: { counter?: number; synced?: boolean } = {},
  ) {
    const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    this.privateKey = privateKey;
    this.publicJwk = publicKey.export({ format: 'jwk' }) as { x: string; y: string };
    this.counter = counter;
    this.synced = synced;
  }

  readonly synced: boolean;

  get id(): string {
    return b64url(this.credentialId);
  }

  private flags(extra: number) {
    return UP | UV | (this.synced ? BE | BS : 0) | extra;
  }

  private authData(rpId: string, flags: number, attested?: Buffer): Buffer {
    const count = Buffer.alloc(4);
    count.writeUInt32BE(this.counter);
    return Buffer.concat([sha256(rpId), Buffer.from([flags]), count, ...(attested ? [attested] : [])]);
  }

  private clientData(type: string, challenge: string, origin: string): Buffer {
    return Buffer.from(JSON.stringify({ type, challenge, origin, crossOrigin: false }));
  }

  /** The browser's answer to the options of adding a passkey (`navigator.credentials.create`). */
  create(options: { challenge: string; user?: { id: string } }, overrides: CeremonyOverrides = {}) {
    this.userHandle = options.user?.id ?? null;
    const cose = new Map<number, number | Uint8Array>([
      [1, 2],
      [3, -7],
      [-1, 1],
      [-2, isoBase64URL.toBuffer(this.publicJwk.x)],
      [-3, isoBase64URL.toBuffer(this.publicJwk.y)],
    ]);
    const idLength = Buffer.alloc(2);
    idLength.writeUInt16BE(this.credentialId.length);
    const attested = Buffer.concat([Buffer.alloc(16), idLength, this.credentialId, Buffer.from(isoCBOR.encode(cose))]);
    const authData = this.authData(overrides.rpId ?? this.rpId, this.flags(AT), attested);
    const attestationObject = isoCBOR.encode(new Map<string, string | Map<string, string> | Uint8Array>([
      ['fmt', 'none'],
      ['attStmt', new Map<string, string>()],
      ['authData', new Uint8Array(authData)],
    ]));
    const clientDataJSON = this.clientData(overrides.type ?? 'webauthn.create', overrides.challenge ?? options.challenge, overrides.origin ?? this.origin);
    return {
      id: this.id,
      rawId: this.id,
      type: 'public-key' as const,
      response: { clientDataJSON: b64url(clientDataJSON), attestationObject: b64url(attestationObject), transports: ['internal', 'hybrid'] },
      clientExtensionResults: {},
    };
  }

  /** The browser's answer to the options of a sign-in or step-up (`navigator.credentials.get`); the counter goes up by one first. */
  get(options: { challenge: string }, overrides: CeremonyOverrides & { counter?: number } = {}) {
    this.counter = overrides.counter ?? (this.counter === 0 && this.synced ? 0 : this.counter + 1);
    const authData = this.authData(overrides.rpId ?? this.rpId, this.flags(0));
    const clientDataJSON = this.clientData(overrides.type ?? 'webauthn.get', overrides.challenge ?? options.challenge, overrides.origin ?? this.origin);
    const signature = sign('sha256', Buffer.concat([authData, sha256(clientDataJSON)]), this.privateKey);
    return {
      id: this.id,
      rawId: this.id,
      type: 'public-key' as const,
      response: {
        clientDataJSON: b64url(clientDataJSON),
        authenticatorData: b64url(authData),
        signature: b64url(signature),
        ...(this.userHandle ? { userHandle: this.userHandle } : {}),
      },
      clientExtensionResults: {},
    };
  }
}
