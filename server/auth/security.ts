/**
 * Secrets and credentials: random tokens, their stored hashes, password hashing, and the
 * cookies of the session and the Django-style CSRF protection.
 */
import { hash, randomBytes, randomFillSync, timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { scryptInPool } from './passwordHashing';

export const SESSION_COOKIE = 'sessionid';
export const CSRF_COOKIE = 'csrftoken';

/** The names of the session and CSRF cookies of one request (`request.cookieNames`, server/auth/sessions.ts). */
export interface CookieNames {
  session: string;
  csrf: string;
}
/** Development, and any request over plain http. */
const PLAIN_COOKIE_NAMES: CookieNames = { session: SESSION_COOKIE, csrf: CSRF_COOKIE };
/**
 * Production over https: `__Host-` names. A browser keeps such a cookie only when it is Secure, has
 * Path=/ and no Domain, so a related subdomain cannot plant one; a plainly named cookie is ignored
 * (docs/security.md, "`__Host-` cookies in production").
 */
const HOST_COOKIE_NAMES: CookieNames = { session: `__Host-${SESSION_COOKIE}`, csrf: `__Host-${CSRF_COOKIE}` };

export function cookieNamesFor(production: boolean, request: FastifyRequest): CookieNames {
  return production && isHttps(request) ? HOST_COOKIE_NAMES : PLAIN_COOKIE_NAMES;
}
export const CSRF_HEADER = 'x-csrftoken';
/** The hidden field a plain HTML form carries instead of the header (as in Django). */
export const CSRF_FORM_FIELD = 'csrfmiddlewaretoken';

/** Sessions without "remember this browser" end with the browser, and on the server after 12 hours. */
export const SESSION_HOURS = 12;
export const REMEMBERED_SESSION_DAYS = 30;
/** Every cookie session, remembered or not, also ends after SESSION_IDLE_MINUTES without a request (server/config.ts). */
export const DEFAULT_SESSION_IDLE_MINUTES = 15;
/** A session's last request is written at most this often: the idle limit is kept to within this much, at one write a minute. */
export const SESSION_TOUCH_INTERVAL_MS = 60_000;
export const RESET_NONCE_MINUTES = 60;
export const VERIFY_NONCE_HOURS = 48;
/** How long the "this wasn't me" link of a replaced address's notice works (issue 46 item 11). */
export const ADDRESS_RESTORE_DAYS = 7;

/** 32 random bytes, URL-safe: session keys, CSRF tokens, API tokens and emailed nonces (256 bits). */
export function randomToken(): string {
  return randomBytes(32).toString('base64url');
}

/** How a secret is stored: only its sha256 ever reaches the database. */
export function hashSecret(secret: string): string {
  // one-shot: no Hash object per call (every signed-in request hashes its session key)
  return hash('sha256', secret, 'hex');
}

const TOKEN_PATTERN = /^[A-Za-z0-9_-]{32,128}$/;
export function looksLikeToken(value: unknown): value is string {
  return typeof value === 'string' && TOKEN_PATTERN.test(value);
}

export function safeEqual(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/**
 * The CSRF token as a page writes it into a form: a fresh random pad, then the token XOR the pad
 * (Django's masking), base64url. Each page carries a different string for the same cookie, so a
 * compressed page holds no stable secret for a BREACH attack to recover byte by byte
 * (docs/security.md, control 28).
 */
export function maskCsrfToken(token: string): string {
  const length = token.length;
  const masked = Buffer.allocUnsafe(2 * length);
  takePad(masked, length);
  // the token's latin1 bytes (Buffer.from(token, 'latin1')), each XOR its byte of the pad
  for (let i = 0; i < length; i += 1) masked[length + i] = (token.charCodeAt(i) & 0xff) ^ masked[i]!;
  return masked.toString('base64url');
}

/**
 * The pads' random bytes: a pool of PAD_POOL_BYTES from the CSPRNG, refilled when used up, each byte
 * handed out once. One call into OpenSSL per hundred or so pads instead of one per pad: three masked
 * tokens a signed-in page cost 3.8 % of main/'s CPU (issue 50, bench/RESULTS.md "Server-drawn pages").
 */
const PAD_POOL_BYTES = 4096;
const padPool = Buffer.alloc(PAD_POOL_BYTES);
let padTaken = PAD_POOL_BYTES;

/** Writes `length` fresh random bytes at the start of `into`. */
function takePad(into: Buffer, length: number) {
  if (length > PAD_POOL_BYTES) return void randomFillSync(into, 0, length);
  if (padTaken + length > PAD_POOL_BYTES) {
    randomFillSync(padPool);
    padTaken = 0;
  }
  padPool.copy(into, 0, padTaken, padTaken + length);
  padTaken += length;
}

/** The longest masked form of a token `looksLikeToken` accepts (128 characters, twice, base64url). */
const MASKED_TOKEN_PATTERN = /^[A-Za-z0-9_-]{86,342}$/;

/** Whether a form's token is the cookie's, sent masked (our pages) or as it is (a page from before masking). */
export function formTokenMatches(sent: unknown, cookie: string): boolean {
  if (typeof sent !== 'string') return false;
  if (sent.length === cookie.length) return safeEqual(sent, cookie);
  if (!MASKED_TOKEN_PATTERN.test(sent)) return false;
  const bytes = Buffer.from(sent, 'base64url');
  const half = bytes.length / 2;
  if (half !== cookie.length) return false;
  const unmasked = Buffer.alloc(half);
  for (let i = 0; i < half; i += 1) unmasked[i] = bytes[i]! ^ bytes[half + i]!;
  return timingSafeEqual(unmasked, Buffer.from(cookie, 'latin1'));
}

// scrypt with r=8, p=1 and the cost N of ServerOptions.scryptN (OWASP's N=2^17 by default: 128 MiB).
// The parameters are stored with each hash; a hash with a lower N is replaced at the next sign-in.
// Every scrypt runs on the password-hashing pool (server/auth/passwordHashing.ts), off libuv's threads.
const SCRYPT_R = 8;
const SCRYPT_P = 1;
const KEY_LENGTH = 64;

/** `scrypt$N$r$p$salt$hash`, salt and hash base64. Throws HashingBusyError when the pool's queue is full. */
export async function hashPassword(password: string, n: number): Promise<string> {
  const salt = randomBytes(16);
  const key = await scryptInPool({ password, salt, keyLength: KEY_LENGTH, n, r: SCRYPT_R, p: SCRYPT_P });
  return ['scrypt', n, SCRYPT_R, SCRYPT_P, salt.toString('base64'), key.toString('base64')].join('$');
}

/** Parameters this server no longer accepts as they are: too weak, or unreadable (never too costly: a
 * stored N above 2^20 is refused rather than computed, so a tampered row cannot exhaust memory). */
const MAXIMUM_N = 2 ** 20;

/**
 * Whether `password` is the one `stored` was made from. `padToN`: when the stored hash's cost is below
 * it, scrypt runs again, its result thrown away, at each cost from the stored one up to half of
 * `padToN` (N, 2N, … padToN/2: together padToN - N), so that the whole check costs what one hash at
 * `padToN` does. Throws HashingBusyError when the pool's queue is full.
 */
export async function verifyPassword(password: string, stored: string, padToN?: number): Promise<boolean> {
  const [scheme, n, r, p, salt, hash] = stored.split('$');
  if (scheme !== 'scrypt' || !n || !r || !p || !salt || !hash) return false;
  if (Number(n) > MAXIMUM_N) return false;
  const expected = Buffer.from(hash, 'base64');
  const key = await scryptInPool({
    password,
    salt: Buffer.from(salt, 'base64'),
    keyLength: expected.length,
    n: Number(n),
    r: Number(r),
    p: Number(p),
    padNs: padToN === undefined ? [] : paddingCosts(Number(n), padToN),
  });
  return key.length === expected.length && timingSafeEqual(key, expected);
}

/** The costs N, 2N, … below `target` (powers of two both): what brings a hash at N up to one at `target`. */
function paddingCosts(n: number, target: number): number[] {
  const costs: number[] = [];
  if (!Number.isInteger(Math.log2(n)) || !Number.isInteger(Math.log2(target))) return costs;
  for (let cost = n; cost < target; cost *= 2) costs.push(cost);
  return costs;
}

/**
 * The sign-in's check (server/routes/account.ts): the password against the user's stored hash, or
 * against a hash no password matches when there is no such user, at the same cost either way: an
 * unknown username costs one hash at the current cost `n`, and so does a stored hash older and
 * cheaper than `n` (padded: `verifyPassword`), so the time of a wrong password tells neither that
 * a username exists nor how old its password is (issue 38).
 */
export async function verifyLoginPassword(password: string, stored: string | null, n: number): Promise<boolean> {
  return verifyPassword(password, stored ?? (await dummyPasswordHash(n)), n);
}

/** Whether a stored hash was made with weaker parameters than the server's (then rehash at sign-in). */
export function needsRehash(stored: string, n: number): boolean {
  const [scheme, storedN, r, p] = stored.split('$');
  return scheme !== 'scrypt' || Number(storedN) < n || Number(r) !== SCRYPT_R || Number(p) !== SCRYPT_P;
}

/** A hash no password matches, compared against when the username is unknown (same timing). */
const dummyHashes = new Map<number, Promise<string>>();
function dummyPasswordHash(n: number): Promise<string> {
  let hash = dummyHashes.get(n);
  if (!hash) {
    hash = hashPassword(randomToken(), n);
    dummyHashes.set(n, hash);
    // a refusal (the pool busy) is not kept: the next sign-in makes it again
    hash.catch(() => dummyHashes.delete(n));
  }
  return hash;
}

/** Behind a TLS-terminating proxy the original scheme arrives in X-Forwarded-Proto. */
export function isHttps(request: FastifyRequest): boolean {
  const forwarded = request.headers['x-forwarded-proto'];
  const first = (Array.isArray(forwarded) ? forwarded[0] : forwarded)?.split(',')[0]?.trim().toLowerCase();
  return first === 'https' || request.protocol === 'https';
}

export function setSessionCookie(request: FastifyRequest, reply: FastifyReply, key: string, maxAgeSeconds: number | null) {
  reply.setCookie(request.cookieNames.session, key, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: isHttps(request),
    ...(maxAgeSeconds === null ? {} : { maxAge: maxAgeSeconds }),
  });
}

export function clearSessionCookie(request: FastifyRequest, reply: FastifyReply) {
  reply.clearCookie(request.cookieNames.session, { path: '/', httpOnly: true, sameSite: 'lax', secure: isHttps(request) });
}

/** Names the browser a user signs in from, so that a sign-in from another is told (control 29). */
export const BROWSER_COOKIE = 'lm_browser';

/** A random name for the browser, kept for KNOWN_BROWSER_DAYS from each sign-in; no data, HttpOnly. */
export function setBrowserCookie(request: FastifyRequest, reply: FastifyReply, value: string, maxAgeSeconds: number) {
  reply.setCookie(BROWSER_COOKIE, value, { path: '/loanmanager/', httpOnly: true, sameSite: 'lax', secure: isHttps(request), maxAge: maxAgeSeconds });
}

/** The CSRF cookie is readable by script (the client copies it into X-CSRFToken). One year. */
export function setCsrfCookie(request: FastifyRequest, reply: FastifyReply, token: string) {
  reply.setCookie(request.cookieNames.csrf, token, {
    path: '/',
    httpOnly: false,
    sameSite: 'lax',
    secure: isHttps(request),
    maxAge: 365 * 24 * 60 * 60,
  });
}

/**
 * A one-time flag cookie, no data: what a full page load that follows should say once. The page
 * reads it and clears it either way, so the notice shows on one page load only (HttpOnly,
 * SameSite=Lax, path /loanmanager/, 10 minutes).
 */
function oneTimeFlag(name: string) {
  const options = { path: '/loanmanager/', httpOnly: true, sameSite: 'lax' } as const;
  return {
    name,
    set(request: FastifyRequest, reply: FastifyReply) {
      reply.setCookie(name, '1', { ...options, secure: isHttps(request), maxAge: 10 * 60 });
    },
    /** Whether the flag was set; it is cleared either way. */
    take(request: FastifyRequest, reply: FastifyReply): boolean {
      if (request.cookies[name] === undefined) return false;
      reply.clearCookie(name, { ...options, secure: isHttps(request) });
      return true;
    },
  };
}

/**
 * Registration has just emailed a verification link: the landing page says so once (the address
 * comes from the account, never from the cookie or the page address).
 */
const verificationSent = oneTimeFlag('lm_verification_sent');
export const flagVerificationSent = verificationSent.set;
export const takeVerificationSentFlag = verificationSent.take;

/**
 * A registration or a password sign-in has just happened: the first landing page offers a passkey
 * once (issue 49, server/routes/passkeyOffer.ts).
 */
const passkeyOfferDue = oneTimeFlag('lm_passkey_offer');
export const flagPasskeyOffer = passkeyOfferDue.set;
export const takePasskeyOfferFlag = passkeyOfferDue.take;

/**
 * The borrower has just opted out of Go Green (the spec then loads /loanmanager/go-green/): that
 * page comes with it (src/firstView/firstAnswers.ts), so it is drawn saying so from the first paint.
 */
const optedOut = oneTimeFlag('lm_opted_out');
export const flagOptedOut = optedOut.set;
export const takeOptedOutFlag = optedOut.take;
