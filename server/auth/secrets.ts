/**
 * The server secret and what is derived from it: the keyed identity values (SSN and date of
 * birth are stored only as HMACs, so a copy of the database does not give them back) and the
 * encryption of mail waiting for delivery (AES-256-GCM).
 *
 * One secret, `SERVER_SECRET` (32+ random bytes, base64 or hex), with a subkey per purpose
 * (HKDF-SHA256), so that no key is ever used for two things. `SERVER_SECRET_PREVIOUS` keeps the
 * old one readable during a rotation (docs/security.md). In development the secret is generated
 * once into `var/server-secret` beside the database.
 */
import { createCipheriv, createDecipheriv, createHash, createHmac, hkdfSync, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

export const SECRET_MINIMUM_BYTES = 32;
const DEV_SECRET_FILE = 'server-secret';

/** Parses a secret given as base64, base64url or hex; null when it is too short or not one of those. */
export function parseSecret(text: string): Buffer | null {
  const trimmed = text.trim();
  let bytes: Buffer;
  if (/^[0-9a-f]+$/i.test(trimmed) && trimmed.length % 2 === 0) bytes = Buffer.from(trimmed, 'hex');
  else if (/^[A-Za-z0-9+/_-]+={0,2}$/.test(trimmed)) bytes = Buffer.from(trimmed, trimmed.includes('-') || trimmed.includes('_') ? 'base64url' : 'base64');
  else return null;
  return bytes.length >= SECRET_MINIMUM_BYTES ? bytes : null;
}

export function generateSecret(): string {
  return randomBytes(SECRET_MINIMUM_BYTES).toString('base64url');
}

/** The development secret in `dir/server-secret`, created (readable by the owner only) when missing. */
export function developmentSecret(dir: string): Buffer {
  const file = path.join(dir, DEV_SECRET_FILE);
  fs.mkdirSync(dir, { recursive: true });
  if (!fs.existsSync(file)) {
    try {
      fs.writeFileSync(file, `${generateSecret()}\n`, { mode: 0o600, flag: 'wx' });
    } catch (error) {
      // another process created it first: read theirs
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
  }
  const secret = parseSecret(fs.readFileSync(file, 'utf8'));
  if (!secret) throw new Error(`${file} does not hold a secret of ${SECRET_MINIMUM_BYTES}+ bytes: delete it to make a new one`);
  return secret;
}

type Purpose = 'identity-hmac-v1' | 'outbox-aes-gcm-v1';

function subkey(secret: Buffer, purpose: Purpose): Buffer {
  return Buffer.from(hkdfSync('sha256', secret, Buffer.alloc(0), `loanmanager ${purpose}`, 32));
}

/** A short, non-secret name of a secret, stored beside what it keyed (which key to try first). */
function keyId(secret: Buffer): string {
  return createHash('sha256').update('loanmanager key id').update(secret).digest('hex').slice(0, 8);
}

type IdentityField = 'ssn' | 'dob';

/** One key's view: the keyed value of an SSN or a date of birth. */
export interface IdentityKey {
  id: string;
  keyed(field: IdentityField, value: string): string;
}

/** The SSN is keyed through this fixed digest of its digits: the rows written before identity
 * values were keyed held exactly this digest, so migration 2 could key them without the digits. */
export function ssnDigest(ssn: string): string {
  return createHash('sha256').update(`loanmanager-ssn:${ssn}`).digest('hex');
}

export const keyedSsn = (key: IdentityKey, ssn: string) => key.keyed('ssn', ssnDigest(ssn));
/** `dob` as YYYY-MM-DD. */
export const keyedDob = (key: IdentityKey, dob: string) => key.keyed('dob', dob);

function identityKey(secret: Buffer): IdentityKey {
  const key = subkey(secret, 'identity-hmac-v1');
  return {
    id: keyId(secret),
    keyed: (field, value) => createHmac('sha256', key).update(`${field}:${value}`).digest('hex'),
  };
}

/** Encrypts text so only this server (with its current or previous secret) can read it back. */
export interface MessageCipher {
  seal(plain: string): string;
  /** null when no known key opens it (tampered, or sealed under a secret no longer configured). */
  open(sealed: string): string | null;
}

const SEALED_PREFIX = 'gcm1';

function messageCipher(secrets: Buffer[]): MessageCipher {
  const keys = secrets.map((secret) => ({ id: keyId(secret), key: subkey(secret, 'outbox-aes-gcm-v1') }));
  const current = keys[0]!;
  return {
    seal(plain) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', current.key, iv);
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return [SEALED_PREFIX, current.id, iv.toString('base64'), cipher.getAuthTag().toString('base64'), body.toString('base64')].join('.');
    },
    open(sealed) {
      const [prefix, id, iv, tag, body] = sealed.split('.');
      const entry = keys.find((candidate) => candidate.id === id);
      if (prefix !== SEALED_PREFIX || !entry || !iv || !tag || body === undefined) return null;
      try {
        const decipher = createDecipheriv('aes-256-gcm', entry.key, Buffer.from(iv, 'base64'));
        decipher.setAuthTag(Buffer.from(tag, 'base64'));
        return Buffer.concat([decipher.update(Buffer.from(body, 'base64')), decipher.final()]).toString('utf8');
      } catch {
        return null;
      }
    },
  };
}

export interface ServerKeys {
  /** Current first, then the previous one while a rotation is under way. */
  identity: IdentityKey[];
  mail: MessageCipher;
}

export function serverKeys(current: Buffer, previous: Buffer | null = null): ServerKeys {
  const secrets = previous ? [current, previous] : [current];
  return { identity: secrets.map(identityKey), mail: messageCipher(secrets) };
}
