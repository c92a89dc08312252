/**
 * Passkeys (our additions, issue 49; docs/security.md, "Passkeys"): sign-in at
 * /loanmanager/api/account/passkey/*, the signed-in user's passkeys and step-up at
 * /loanmanager/api/user/passkeys/* and user/confirm_passkey/. The logic is in
 * server/services/passkeys.ts. Rate limits and CSRF as every route.
 */
import type { FastifyInstance } from 'fastify';
import {
  addPasskeySchema,
  confirmPasswordResponseSchema,
  errorBodySchema,
  loginResponseSchema,
  passkeyItemSchema,
  passkeyListSchema,
  passkeyOptionsSchema,
  passkeySignInSchema,
  removePasskeySchema,
  renamePasskeySchema,
} from '../../src/api/schemas';
import { sendJson, type PortalContext } from '../http/context';
import {
  addOptions,
  addPasskey,
  confirmPasskey,
  passkeyList,
  reauthOptions,
  removePasskey,
  renamePasskey,
  signInOptions,
  signInWithPasskey,
} from '../services/passkeys';
import { signedInAccount, emptyBodySchema, type ValibotTypeProvider } from './declarations';
import { addition, answers, csrfOrRefusedSchema, refusedOrReauthSchema } from './schemas';

export function passkeyRoutes(fastify: FastifyInstance, ctx: PortalContext) {
  const app = fastify.withTypeProvider<ValibotTypeProvider>();
  const rateLimit = { rateLimit: { max: ctx.options.rateLimitMax, timeWindow: 60_000 } };
  const signedIn = { ...rateLimit, signedIn: true } as const;
  // 404: this server does not offer passkeys (PASSKEYS=0, or a relying party WebAuthn refuses)
  const notOffered = { 404: errorBodySchema };

  app.post('/loanmanager/api/account/passkey/options/', {
    schema: { ...addition('Start a sign-in with a passkey'), body: emptyBodySchema, response: answers({ 200: passkeyOptionsSchema, ...notOffered }, { unsafe: true }) },
    config: rateLimit,
  }, async (request, reply) => sendJson(reply, 200, await signInOptions(ctx, request, reply)));

  app.post('/loanmanager/api/account/passkey/login/', {
    schema: { ...addition('Sign in with a passkey'), body: passkeySignInSchema, response: answers({ 200: loginResponseSchema, ...notOffered }, { unsafe: true }) },
    config: rateLimit,
  }, async (request, reply) => sendJson(reply, 200, await signInWithPasskey(ctx, request, reply, request.body.credential)));

  app.get('/loanmanager/api/user/passkeys/', {
    schema: { ...addition('The signed-in user’s passkeys'), response: answers({ 200: passkeyListSchema }, { signedIn: true }) },
    config: signedIn,
  }, async (request, reply) => sendJson(reply, 200, await passkeyList(ctx, signedInAccount(request).user.id)));

  app.post('/loanmanager/api/user/passkeys/add_options/', {
    schema: {
      ...addition('Start adding a passkey (after re-authentication)'),
      body: emptyBodySchema,
      response: answers({ 200: passkeyOptionsSchema, 403: refusedOrReauthSchema, ...notOffered }, { signedIn: true, unsafe: true }),
    },
    config: signedIn,
  }, async (request, reply) => sendJson(reply, 200, await addOptions(ctx, request, signedInAccount(request))));

  app.post('/loanmanager/api/user/passkeys/add/', {
    schema: { ...addition('Add a passkey'), body: addPasskeySchema, response: answers({ 200: passkeyItemSchema, ...notOffered }, { signedIn: true, unsafe: true }) },
    config: signedIn,
  }, async (request, reply) => sendJson(reply, 200, await addPasskey(ctx, request, signedInAccount(request), request.body.credential, request.body.name.trim())));

  app.post('/loanmanager/api/user/passkeys/rename/', {
    schema: { ...addition('Rename a passkey'), body: renamePasskeySchema, response: answers({ 200: passkeyListSchema, 404: errorBodySchema }, { signedIn: true, unsafe: true }) },
    config: signedIn,
  }, async (request, reply) => sendJson(reply, 200, await renamePasskey(ctx, signedInAccount(request), request.body.id, request.body.name.trim())));

  app.post('/loanmanager/api/user/passkeys/remove/', {
    schema: { ...addition('Remove a passkey'), body: removePasskeySchema, response: answers({ 200: passkeyListSchema, 404: errorBodySchema }, { signedIn: true, unsafe: true }) },
    config: signedIn,
  }, async (request, reply) => sendJson(reply, 200, await removePasskey(ctx, request, signedInAccount(request), request.body.id)));

  // Step-up with a passkey: opens the same re-authentication window as user/confirm_password/.
  app.post('/loanmanager/api/user/passkeys/reauth_options/', {
    schema: { ...addition('Start a re-authentication with a passkey'), body: emptyBodySchema, response: answers({ 200: passkeyOptionsSchema, 403: csrfOrRefusedSchema, ...notOffered }, { signedIn: true, unsafe: true }) },
    config: signedIn,
  }, async (request, reply) => sendJson(reply, 200, await reauthOptions(ctx, request, signedInAccount(request))));

  app.post('/loanmanager/api/user/confirm_passkey/', {
    schema: {
      ...addition('Re-authenticate with a passkey'),
      body: passkeySignInSchema,
      response: answers({ 200: confirmPasswordResponseSchema, 403: csrfOrRefusedSchema, ...notOffered }, { signedIn: true, unsafe: true }),
    },
    config: signedIn,
  }, async (request, reply) => sendJson(reply, 200, await confirmPasskey(ctx, request, reply, signedInAccount(request), request.body.credential)));
}
