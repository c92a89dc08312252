/**
 * Routes declare their contract (issue 40): `schema.body` / `schema.querystring` are the client's valibot
 * schemas (src/api/schemas.ts), `schema.response` what each status answers, `config.rateLimit` the
 * route's limit, `config.signedIn` that it needs a borrower. This file turns those declarations into
 * the checks the handlers used to call by hand, with the same answers:
 *
 * - a body or query that does not match answers 400 `{errors: [...]}` with the texts `parseWith`
 *   writes (below: the one parser), and a bodiless POST's "This endpoint takes no body";
 * - in the same order as before: after the CSRF check and the rate limit (a refused body is
 *   counted), and on a signed-in route after the 401 (fastify would validate before any preHandler:
 *   the error is attached, `attachValidation`, and thrown by a preHandler placed after those);
 * - response schemas document the answers (docs/api/openapi.json) and, outside production, are
 *   checked on every answer: an answer that does not match its schema is a 500 in development and in
 *   the tests. Production serializes with JSON.stringify, as before (docs/server.md, "The API description");
 * - `ValibotTypeProvider` types each handler's `request.body` and `request.query` from those schemas.
 */
import type {
  FastifyInstance,
  FastifyRequest,
  FastifySchemaCompiler,
  FastifyTypeProvider,
  preHandlerAsyncHookHandler,
} from 'fastify';
import * as v from 'valibot';
import { isUnknownKeyIssue, issueKeys } from '../../src/lib/validation/schemaKit';
import { HttpError, requireAccount, requireEmptyBody, type Auth, type PortalContext } from '../http/context';
import type { Account } from '../db/records';

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

/** The routes' types: `request.body` and `request.query` are what their valibot schemas output. */
export interface ValibotTypeProvider extends FastifyTypeProvider {
  readonly validator: this['schema'] extends v.GenericSchema ? v.InferOutput<this['schema']> : unknown;
  readonly serializer: this['schema'] extends v.GenericSchema ? v.InferInput<this['schema']> : unknown;
}

/** A bodiless POST (opt_out, logout, session/extend): nothing, or `{}`. */
export const emptyBodySchema = v.optional(v.strictObject({}));

/** The signed-in account of a `config.signedIn` route. */
export function signedInAccount(request: FastifyRequest): Account & { auth: Auth } {
  if (!request.account) throw new Error(`${request.routeOptions.url ?? 'route'} is not declared signedIn`);
  return request.account;
}

/** A valibot schema (a route's declaration), as against plain JSON Schema. */
export const isSchema = (value: unknown): value is v.GenericSchema =>
  typeof value === 'object' && value !== null && (value as { kind?: unknown }).kind === 'schema' && '~run' in value;

/** The schema of the field at `keys`, through objects, lists and optional or nullable wrappers (a pipe is its first schema). */
function schemaAt(schema: v.GenericSchema, keys: readonly unknown[]): v.GenericSchema | undefined {
  let current: unknown = schema;
  for (const key of [...keys, null]) {
    while (isSchema(current) && 'wrapped' in current) current = current.wrapped;
    if (key === null) break;
    if (isSchema(current) && 'item' in current) current = current.item;
    else {
      const entries = isSchema(current) && 'entries' in current ? (current.entries as Record<string, unknown>) : {};
      current = Object.hasOwn(entries, String(key)) ? entries[String(key)] : undefined;
    }
  }
  return isSchema(current) ? current : undefined;
}

/** A failed type check's name in the texts ("Expected a string"); the other checks are an "Invalid value". */
const TYPE_NAMES: Record<string, string> = {
  string: 'string',
  number: 'number',
  boolean: 'boolean',
  object: 'object',
  loose_object: 'object',
  strict_object: 'object',
  array: 'array',
};

/** The texts of one issue: a field's name and what is wrong with it (clients and tests read them). */
function describe(issue: v.BaseIssue<unknown>, schema: v.GenericSchema): string[] {
  const keys = issueKeys(issue);
  const field = keys.map(String).join('.');
  const prefix = field === '' ? '' : `${field}: `;
  if (isUnknownKeyIssue(issue)) {
    // the names are the sender's text: not echoed (they could be anything, a password included)
    const holder = issue.path?.at(-1)?.input as Record<string, unknown>;
    const entries = (schemaAt(schema, keys) as { entries?: Record<string, unknown> } | undefined)?.entries ?? {};
    const unknownKeys = Object.keys(holder).filter((key) => !Object.hasOwn(entries, key));
    return [`${prefix}Unknown field${unknownKeys.length > 1 ? 's' : ''} in the request`];
  }
  if (issue.kind === 'validation') return [issue.type === 'min_length' ? `${prefix}This field is required` : `${prefix}Invalid value`];
  const own = schemaAt(schema, keys);
  // a missing field (valibot's issue is its object's): as the field's own check answers undefined
  const name = TYPE_NAMES[(issue.path?.at(-1)?.origin === 'key' ? own?.type : issue.type) ?? ''];
  if (!name) return [`${prefix}Invalid value`];
  if (field === '') return ['Expected a JSON object'];
  if (issue.input === undefined) return [`${prefix}This field is required`];
  // an empty list where a required text is expected is also too short: both texts, as always answered
  const { length } = (issue.input ?? {}) as { length?: unknown };
  const checks = (own as { pipe?: Array<{ type: string; requirement?: unknown }> } | undefined)?.pipe ?? [];
  const tooShort = checks.some((item) => item.type === 'min_length' && typeof length === 'number' && length < Number(item.requirement));
  return [`${prefix}Expected a ${name}`, ...(tooShort ? [`${prefix}This field is required`] : [])];
}

/** Parses a body or query with a contract schema; 400 `{errors}` naming each problem. */
export function parseWith<S extends v.GenericSchema>(schema: S, value: unknown): v.InferOutput<S> {
  const result = v.safeParse(schema, value ?? undefined);
  if (result.success) return result.output;
  throw new HttpError(400, { errors: [...new Set(result.issues.flatMap((issue) => describe(issue, schema)))] });
}

/** Request checks: the contract's schema, answered as `parseWith` answers (never thrown: fastify
 * would make a thrown validator error a 500). */
const validatorCompiler: FastifySchemaCompiler<v.GenericSchema> = ({ schema }) => {
  if (schema === emptyBodySchema) {
    return (data) => {
      try {
        requireEmptyBody(data);
        // the body as it came (fastify hands `null` for none): a JSON `null` is refused after (rejectInvalidRequest)
        return {};
      } catch (error) {
        return { error: error as HttpError };
      }
    };
  }
  return (data) => {
    try {
      return { value: parseWith(schema, data) };
    } catch (error) {
      return { error: error as HttpError };
    }
  };
};

/** Outside production, every answer is checked against its declared schema before it is written
 * (and written as it is: a schema never drops a field); in production, JSON.stringify alone. */
function serializerCompilerFor(production: boolean) {
  return ({ schema, method, url }: { schema: unknown; method: string; url: string }) => {
    if (production || !isSchema(schema)) return (data: unknown) => JSON.stringify(data);
    return (data: unknown) => {
      const result = v.safeParse(schema, data);
      if (!result.success) {
        const where = result.issues.map((issue) => `${issueKeys(issue).join('.') || '(root)'}: ${issue.type}`).join(', ');
        throw new Error(`${method} ${url}: the answer does not match its declared schema (${where})`);
      }
      return JSON.stringify(data);
    };
  };
}

/** Throws the body or query error fastify attached: placed after the rate limit and the 401. */
const rejectInvalidRequest: preHandlerAsyncHookHandler = async (request) => {
  if (request.validationError) throw request.validationError;
  // fastify hands a validator `null` for no body at all, so a bodiless POST's JSON `null` is told apart
  // here: refused, as the document's `{}`-or-nothing says (issue 48)
  if (request.body === null && request.routeOptions.schema?.body === emptyBodySchema) throw HttpError.errors(400, 'This endpoint takes no body');
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
