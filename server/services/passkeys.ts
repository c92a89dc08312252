/**
 * Passkeys (issue 49; docs/security.md, "Passkeys"): the WebAuthn ceremonies, checked by
 * @simplewebauthn/server. Each ceremony's challenge is single-use (taken from the store in one
 * statement) and bound to what started it: a sign-in to a short-lived random cookie of this browser
 * (only its sha256 is stored), an added passkey and a step-up to the session. The relying party is
 * PUBLIC_URL's host (development: the host the browser addressed). Every refusal is the same answer.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type AuthenticatorTransport,
  type RegistrationResponseJSON,
} from '@simplewebauthn/server';
import { isoBase64URL } from '@simplewebauthn/server/helpers';
import { randomBytes } from 'node:crypto';
import { isIP } from 'node:net';
import type { ConfirmPasswordResponse, LoginResponse, PasskeyCredential, PasskeyItem, PasskeyList } from '../../src/api/schemas';
import { PORTAL_URLS } from '../../src/lib/portalUrls';
import { HttpError, type Auth, type PortalContext } from '../http/context';
import type { Account, Passkey } from '../db/records';
import { localText } from '../http/i18n';
import { hashSecret, isHttps, looksLikeToken, randomToken } from '../auth/security';
import { noticeOf, noticeUrl } from './accountNotices';
import { reauthenticated, requireReauthentication, TOKEN_CANNOT_REAUTHENTICATE } from './reauthentication';
import { signedInAs } from './signedInAs';

/** How long a ceremony's challenge (and the sign-in's cookie) lasts: the browser's own prompt times out sooner. */
export const PASSKEY_CHALLENGE_MS = 5 * 60_000;
/** The cookie that binds a sign-in's challenge to this browser (a random value; its sha256 keys the challenge). */
const PASSKEY_COOKIE = 'lm_passkey';
const COOKIE_OPTIONS = { path: '/loanmanager/api/', httpOnly: true, sameSite: 'strict' } as const;

/** The one answer to every refused passkey: unknown, replayed, for another site, a counter gone back. */
const PASSKEY_REFUSED = localText('server.passkeyRefused');
const refused = () => HttpError.errors(400, PASSKEY_REFUSED);

/**
 * The relying party: PUBLIC_URL's host and origin in production; in development the host and origin
 * the browser addressed (the local origin), as well as PUBLIC_URL's.
 */
function relyingParty(ctx: PortalContext, request: FastifyRequest): { id: string; origins: string[] } {
  const publicUrl = new URL(ctx.options.publicUrl);
  if (ctx.options.production) return { id: publicUrl.hostname, origins: [publicUrl.origin] };
  return { id: request.hostname, origins: [...new Set([`${request.protocol}://${request.host}`, publicUrl.origin])] };
}

/** Whether this server can offer passkeys to the browser of `request`: WebAuthn refuses an IP address as relying party. */
function passkeysOffered(ctx: PortalContext, request: FastifyRequest): boolean {
  return ctx.options.passkeys && isIP(relyingParty(ctx, request).id.replace(/^\[|\]$/g, '')) === 0;
}

function requireOffered(ctx: PortalContext, request: FastifyRequest) {
  if (!passkeysOffered(ctx, request)) throw HttpError.errors(404, 'Passkeys are not offered here');
}

const sessionCeremony = (purpose: 'add' | 'reauth', auth: Auth) => `${purpose}:${auth.sessionKey}`;

/** The session of a signed-in browser: an API token has none to bind a ceremony to (as confirm_password). */
function sessionOf(auth: Auth): number {
  if (auth.sessionId === null) throw HttpError.errors(403, TOKEN_CANNOT_REAUTHENTICATE);
  return auth.sessionId;
}

/** What the borrower sees of a passkey. */
const itemOf = (passkey: Passkey): PasskeyItem => ({
  id: passkey.id,
  name: passkey.name,
  created_at: new Date(passkey.createdAt).toISOString(),
  last_used_at: passkey.lastUsedAt === null ? null : new Date(passkey.lastUsedAt).toISOString(),
  synced: passkey.backedUp,
});

export async function passkeyList(ctx: PortalContext, userId: number): Promise<PasskeyList> {
  return { passkeys: (await ctx.store.passkeysOfUser(userId)).map(itemOf) };
}

// ---- sign-in ----

/** The options of a sign-in (discoverable passkeys: the browser offers the ones it has for this site). */
export async function signInOptions(ctx: PortalContext, request: FastifyRequest, reply: FastifyReply) {
  requireOffered(ctx, request);
  const options = await generateAuthenticationOptions({ rpID: relyingParty(ctx, request).id, userVerification: 'required', timeout: PASSKEY_CHALLENGE_MS });
  const token = randomToken();
  const now = ctx.nowMs();
  await ctx.store.savePasskeyChallenge({ ceremonyKey: `sign-in:${hashSecret(token)}`, challenge: options.challenge, userHandle: null, now, expiresAt: now + PASSKEY_CHALLENGE_MS });
  reply.setCookie(PASSKEY_COOKIE, token, { ...COOKIE_OPTIONS, secure: isHttps(request), maxAge: PASSKEY_CHALLENGE_MS / 1000 });
  return options;
}

/** Checks an assertion against `passkey` and records its use; throws the one refusal otherwise. */
async function verifiedUse(ctx: PortalContext, request: FastifyRequest, passkey: Passkey, credential: PasskeyCredential, challenge: string) {
  const rp = relyingParty(ctx, request);
  let result: Awaited<ReturnType<typeof verifyAuthenticationResponse>>;
  try {
    result = await verifyAuthenticationResponse({
      response: credential as unknown as AuthenticationResponseJSON,
      expectedChallenge: challenge,
      expectedOrigin: rp.origins,
      expectedRPID: rp.id,
      credential: { id: passkey.credentialId, publicKey: isoBase64URL.toBuffer(passkey.publicKey), counter: passkey.signCount, transports: passkey.transports as AuthenticatorTransport[] },
      requireUserVerification: true,
    });
  } catch (error) {
    // the library's reason (wrong origin, counter gone back, ...) for the log; never the credential
    request.log.info({ userId: passkey.userId, reason: error instanceof Error ? error.message.slice(0, 200) : 'unknown' }, 'passkey refused');
    throw refused();
  }
  const { verified, authenticationInfo } = result;
  if (!verified) throw refused();
  const recorded = await ctx.store.recordPasskeyUse(passkey.id, passkey.signCount, authenticationInfo.newCounter, authenticationInfo.credentialBackedUp, ctx.nowMs());
  if (!recorded) throw refused();
}

/** The user handle the assertion carries must be the passkey's own (an authenticator that keeps another user's is refused). */
function sameUserHandle(credential: PasskeyCredential, passkey: Passkey): boolean {
  const handle = (credential.response as { userHandle?: unknown }).userHandle;
  return handle === undefined || handle === passkey.userHandle;
}

/** Signs in with a passkey, as a password does (signedInAs). */
export async function signInWithPasskey(ctx: PortalContext, request: FastifyRequest, reply: FastifyReply, credential: PasskeyCredential): Promise<LoginResponse> {
  requireOffered(ctx, request);
  const token = request.cookies[PASSKEY_COOKIE];
  reply.clearCookie(PASSKEY_COOKIE, { ...COOKIE_OPTIONS, secure: isHttps(request) });
  const ceremony = looksLikeToken(token) ? await ctx.store.takePasskeyChallenge(`sign-in:${hashSecret(token)}`, ctx.nowMs()) : null;
  if (!ceremony) throw refused();
  const passkey = await ctx.store.findPasskeyByCredentialId(credential.id);
  if (!passkey || !sameUserHandle(credential, passkey)) throw refused();
  await verifiedUse(ctx, request, passkey, credential, ceremony.challenge);
  const account = await ctx.store.getAccount(passkey.userId);
  if (!account) throw refused();
  return signedInAs(ctx, request, reply, account.user, 'passkey');
}

// ---- step-up (re-authentication) ----

/** The options of a step-up: the user's own passkeys only. */
export async function reauthOptions(ctx: PortalContext, request: FastifyRequest, account: Account & { auth: Auth }) {
  requireOffered(ctx, request);
  sessionOf(account.auth);
  const passkeys = await ctx.store.passkeysOfUser(account.user.id);
  const options = await generateAuthenticationOptions({
    rpID: relyingParty(ctx, request).id,
    userVerification: 'required',
    timeout: PASSKEY_CHALLENGE_MS,
    allowCredentials: passkeys.map(({ credentialId, transports }) => ({ id: credentialId, transports: transports as AuthenticatorTransport[] })),
  });
  const now = ctx.nowMs();
  await ctx.store.savePasskeyChallenge({ ceremonyKey: sessionCeremony('reauth', account.auth), challenge: options.challenge, userHandle: null, now, expiresAt: now + PASSKEY_CHALLENGE_MS });
  return options;
}

/** Re-authenticates the session with one of the user's passkeys: its window opens as a password's does. */
export async function confirmPasskey(
  ctx: PortalContext,
  request: FastifyRequest,
  reply: FastifyReply,
  account: Account & { auth: Auth },
  credential: PasskeyCredential,
): Promise<ConfirmPasswordResponse> {
  requireOffered(ctx, request);
  sessionOf(account.auth);
  const ceremony = await ctx.store.takePasskeyChallenge(sessionCeremony('reauth', account.auth), ctx.nowMs());
  if (!ceremony) throw refused();
  const passkey = await ctx.store.findPasskeyByCredentialId(credential.id);
  if (!passkey || passkey.userId !== account.user.id || !sameUserHandle(credential, passkey)) throw refused();
  await verifiedUse(ctx, request, passkey, credential, ceremony.challenge);
  return reauthenticated(ctx, request, reply, account.user.id, 'passkey');
}

// ---- adding, renaming, removing ----

/** The options of adding a passkey: only while the session's re-authentication window is open. */
export async function addOptions(ctx: PortalContext, request: FastifyRequest, account: Account & { auth: Auth }) {
  requireOffered(ctx, request);
  sessionOf(account.auth);
  await requireReauthentication(ctx, account.auth);
  const passkeys = await ctx.store.passkeysOfUser(account.user.id);
  // the same random user id for every passkey of the user (never the username or the row id)
  const userHandle = passkeys[0]?.userHandle ?? isoBase64URL.fromBuffer(new Uint8Array(randomBytes(32)));
  const options = await generateRegistrationOptions({
    rpName: 'Loan Manager',
    rpID: relyingParty(ctx, request).id,
    userName: account.user.username,
    userDisplayName: account.user.username,
    userID: isoBase64URL.toBuffer(userHandle),
    timeout: PASSKEY_CHALLENGE_MS,
    attestationType: 'none',
    excludeCredentials: passkeys.map(({ credentialId, transports }) => ({ id: credentialId, transports })),
    authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
    supportedAlgorithmIDs: [-7, -257],
  });
  const now = ctx.nowMs();
  await ctx.store.savePasskeyChallenge({ ceremonyKey: sessionCeremony('add', account.auth), challenge: options.challenge, userHandle, now, expiresAt: now + PASSKEY_CHALLENGE_MS });
  return options;
}

/** Stores the passkey the browser made, and tells the borrower by email. */
export async function addPasskey(ctx: PortalContext, request: FastifyRequest, account: Account & { auth: Auth }, credential: PasskeyCredential, name: string): Promise<PasskeyItem> {
  requireOffered(ctx, request);
  sessionOf(account.auth);
  const ceremony = await ctx.store.takePasskeyChallenge(sessionCeremony('add', account.auth), ctx.nowMs());
  if (!ceremony?.userHandle) throw refused();
  const rp = relyingParty(ctx, request);
  let info;
  try {
    const result = await verifyRegistrationResponse({
      response: credential as unknown as RegistrationResponseJSON,
      expectedChallenge: ceremony.challenge,
      expectedOrigin: rp.origins,
      expectedRPID: rp.id,
      requireUserVerification: true,
      supportedAlgorithmIDs: [-7, -257],
    });
    if (!result.verified) throw new Error('not verified');
    info = result.registrationInfo;
  } catch (error) {
    request.log.info({ userId: account.user.id, reason: error instanceof Error ? error.message.slice(0, 200) : 'unknown' }, 'passkey refused');
    throw refused();
  }
  const transports = (credential.response as { transports?: unknown }).transports;
  const passkey = await ctx.store.addPasskey({
    userId: account.user.id,
    credentialId: info.credential.id,
    publicKey: isoBase64URL.fromBuffer(info.credential.publicKey),
    userHandle: ceremony.userHandle,
    signCount: info.credential.counter,
    transports: Array.isArray(transports) ? transports.filter((item): item is string => typeof item === 'string').slice(0, 8) : [],
    backedUp: info.credentialBackedUp,
    name,
    createdAt: ctx.nowMs(),
  });
  if (!passkey) throw refused();
  request.log.info({ userId: account.user.id, passkeyId: passkey.id }, 'passkey added');
  await noticeOf(ctx, request, account.user.id, { kind: 'passkeyAdded', name, resetUrl: noticeUrl(ctx, PORTAL_URLS.requestPasswordReset) });
  return itemOf(passkey);
}

const NOT_FOUND = 'No such passkey';

export async function renamePasskey(ctx: PortalContext, account: Account, id: number, name: string): Promise<PasskeyList> {
  if (!(await ctx.store.renamePasskey(account.user.id, id, name))) throw HttpError.errors(404, NOT_FOUND);
  return passkeyList(ctx, account.user.id);
}

/** Removes one of the user's passkeys and tells the borrower by email. Its sessions go on (a session does not remember how it began). */
export async function removePasskey(ctx: PortalContext, request: FastifyRequest, account: Account, id: number): Promise<PasskeyList> {
  const removed = await ctx.store.removePasskey(account.user.id, id);
  if (!removed) throw HttpError.errors(404, NOT_FOUND);
  request.log.info({ userId: account.user.id, passkeyId: id }, 'passkey removed');
  await noticeOf(ctx, request, account.user.id, { kind: 'passkeyRemoved', name: removed.name });
  return passkeyList(ctx, account.user.id);
}
