/**
 * Routes declare their contract (issue 40): `schema.body` / `schema.querystring` are the client's zod
 * schemas (src/api/contract.ts), `schema.response` what each status answers, `config.rateLimit` the
 * route's limit, `config.signedIn` that it needs a borrower. This file turns those declarations into
 * the checks the handlers used to call by hand, with the same answers:
 *
 * - a body or query that does not match answers 400 `{errors: [...]}` with the texts `parseWith`
 *   wrote (server/context.ts: it is still the one parser), and a bodiless POST's "This endpoint takes
 *   no body";
 * - in the same order as before: after the CSRF check and the rate limit (a refused body is
 *   counted), and on a signed-in route after the 401 (fastify would validate before any preHandler:
 *   the error is attached, `attachValidation`, and thrown by a preHandler placed after those);
 * - response schemas document the answers (docs/api/openapi.json) and, outside production, are
 *   checked on every answer: an answer that does not match its schema is a 500 in development and in
 *   the tests. Production serializes with JSON.stringify, as before (docs/server.md, "The API description").
 */
import type { FastifyInstance, FastifyRequest, FastifySchemaCompiler, preHandlerAsyncHookHandler } from 'fastify';
import * as z from 'zod/mini';
import { $ZodType, safeParse } from 'zod/v4/core';
import { HttpError, parseWith, requireAccount, requireEmptyBody, type Auth, type PortalContext } from '../context';
import type { Account } from '../db/store';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route needs a signed-in borrower (a session or an API token): 401 otherwise, before its body is looked at. */
    signedIn?: boolean;
  }

  interface FastifyRequest {
    /** The signed-in account of a `config.signedIn` route (read by the hook, before the handler). */
    account: (Account & { auth: Auth }) | null;
  }
}

/** A bodiless POST (opt_out, logout, session/extend): nothing, or `{}`. */
export const emptyBodySchema = z.optional(z.strictObject({}));

/** The signed-in account of a `config.signedIn` route. */
export function accountOf(request: FastifyRequest): Account & { auth: Auth } {
  if (!request.account) throw new Error(`${request.routeOptions.url ?? 'route'} is not declared signedIn`);
  return request.account;
}

/** Request checks: the contract's schema, answered as `parseWith` answers (never thrown: fastify
 * would make a thrown validator error a 500). */
const validatorCompiler: FastifySchemaCompiler<$ZodType> = ({ schema }) => {
  if (schema === emptyBodySchema) {
    return (data) => {
      try {
        requireEmptyBody(data);
        return { value: data };
      } catch (error) {
        return { error: error as HttpError };
      }
    };
  }
  return (data) => {
    try {
      return { value: parseWith(schema as unknown as Parameters<typeof parseWith>[0], data) };
    } catch (error) {
      return { error: error as HttpError };
    }
  };
};

/** Outside production, every answer is checked against its declared schema before it is written
 * (and written as it is: a schema never drops a field); in production, JSON.stringify alone. */
function serializerCompilerFor(production: boolean) {
  return ({ schema, method, url }: { schema: unknown; method: string; url: string }) => {
    if (production || !(schema instanceof $ZodType)) return (data: unknown) => JSON.stringify(data);
    return (data: unknown) => {
      const result = safeParse(schema, data);
      if (!result.success) {
        const where = result.error.issues.map((issue) => `${issue.path.join('.') || '(root)'}: ${issue.code}`).join(', ');
        throw new Error(`${method} ${url}: the answer does not match its declared schema (${where})`);
      }
      return JSON.stringify(data);
    };
  };
}

/** Throws the body or query error fastify attached: placed after the rate limit and the 401. */
const rejectInvalidRequest: preHandlerAsyncHookHandler = async (request) => {
  if (request.validationError) throw request.validationError;
};

type Hook = preHandlerAsyncHookHandler | preHandlerAsyncHookHandler[] | undefined;
const hooksOf = (hook: unknown): preHandlerAsyncHookHandler[] => [hook as Hook ?? []].flat();

/**
 * Registers the compilers and the hook that places each route's checks. Call before the routes, after
 * the rate-limit plugin (whose hook must run first: its own onRoute hook adds it to each route).
 */
export function declareRouteContracts(app: FastifyInstance, ctx: PortalContext) {
  app.decorateRequest('account', null);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompilerFor(ctx.options.production));
  const signedIn: preHandlerAsyncHookHandler = async (request) => {
    request.account = await requireAccount(ctx, request);
  };
  app.addHook('onRoute', (route) => {
    const schema = route.schema as { body?: unknown; querystring?: unknown } | undefined;
    const validates = schema?.body !== undefined || schema?.querystring !== undefined;
    if (!validates && !route.config?.signedIn) return;
    if (validates) route.attachValidation = true;
    route.preHandler = [
      ...hooksOf(route.preHandler),
      ...(route.config?.signedIn ? [signedIn] : []),
      ...(validates ? [rejectInvalidRequest] : []),
    ] as typeof route.preHandler;
  });
}
