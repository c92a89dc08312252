/**
 * The API description (OpenAPI 3.1, docs/api/openapi.json): @fastify/swagger collects every route as it
 * is registered, and `transform` turns its valibot schemas (the client's, from src/api/contract.ts,
 * and server/routes/schemas.ts) into JSON Schema with @valibot/to-json-schema. `npm run api:openapi` writes the
 * file; a development server also serves it at OPENAPI_PATH (production: 404).
 */
import fastifySwagger from '@fastify/swagger';
import type { FastifyInstance, FastifySchema } from 'fastify';
import { toJsonSchema, type JsonSchema, type OverrideSchemaContext } from '@valibot/to-json-schema';
import type { OpenAPIV3_1 } from 'openapi-types';
import * as v from 'valibot';
import { API_PREFIX, sendJson, type PortalContext } from '../context';
import { HEALTHZ_PATH, PROBE_PATHS, READYZ_PATH } from '../probePaths';
import { isSchema } from './contract';
import { ADDITION_TAG, PAGES_TAG, PROBES_TAG, SPEC_TAG, addition } from './schemas';

export const OPENAPI_PATH = `${API_PREFIX}openapi.json`;

/** Routes a development server adds (the outbox, this document): not part of what is described. */
export const DEVELOPMENT_ONLY = (url: string) => url.startsWith('/loanmanager/dev/') || url === OPENAPI_PATH;

/** The probes tell nothing beyond their status (server/routes/health.ts): what readiness found goes to the log. */
const probeSchemas: Record<string, Record<string, unknown>> = {
  [HEALTHZ_PATH]: {
    ...addition('Liveness: the process answers (no database, no rate limit)'),
    tags: [ADDITION_TAG, PROBES_TAG],
    response: { 200: v.object({ status: v.literal('ok') }) },
  },
  [READYZ_PATH]: {
    ...addition('Readiness: the database is reachable, migrated and takes writes (503 otherwise; no rate limit)'),
    tags: [ADDITION_TAG, PROBES_TAG],
    response: {
      200: v.object({ status: v.literal('ready') }),
      503: v.object({ status: v.literal('unavailable') }),
    },
  },
};

/**
 * What the document says of the routes that declare nothing themselves: the probes (server/routes/health.ts)
 * get their answers, the HTML pages and static files a line each, and the development-only routes are left out.
 */
function describeUndeclared(app: FastifyInstance) {
  app.addHook('onRoute', (route) => {
    if (route.schema !== undefined) return;
    const described = (schema: Record<string, unknown>) => {
      (route as { schema?: Record<string, unknown> }).schema = schema;
    };
    if (PROBE_PATHS.has(route.url)) described(probeSchemas[route.url]!);
    else if (DEVELOPMENT_ONLY(route.url)) described({ hide: true });
    else if (!route.url.startsWith(API_PREFIX)) {
      described({
        tags: [PAGES_TAG],
        summary: route.url.startsWith('/loanmanager/static/') ? 'A static file (scripts, styles, images)' : 'A page of the portal (HTML)',
      });
    }
  });
}

/** A literal as an enum of one (`{type, enum: [value]}`, as OpenAPI tools show best); a loose object
 * says other fields are allowed. A plain `v.object` keeps other fields allowed by saying nothing (the
 * spec: "response fields other than those named in section 3 are not shown"); a `v.strictObject` (a
 * request body this server checks) is closed. */
function overrideSchema({ valibotSchema, jsonSchema }: OverrideSchemaContext): JsonSchema | undefined {
  if (valibotSchema.type === 'literal') {
    const { literal } = valibotSchema as v.LiteralSchema<v.Literal, undefined>;
    return { type: typeof literal as 'string' | 'number' | 'boolean', enum: [literal as string | number | boolean] };
  }
  if (valibotSchema.type === 'loose_object') return { ...jsonSchema, additionalProperties: {} };
  return undefined;
}

const TYPE_ONLY = (schema: JsonSchema) => typeof schema === 'object' && Object.keys(schema).length === 1 && 'type' in schema;

/** Shorter equivalent forms: `anyOf` of bare types as one `type` list, no empty `required`, no
 * `minimum` below an `exclusiveMinimum` (a safe integer's, under a positive one's). */
function tidy(schema: JsonSchema): JsonSchema {
  if (typeof schema !== 'object') return schema;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(schema)) {
    if (key === 'properties') out[key] = Object.fromEntries(Object.entries(value as Record<string, JsonSchema>).map(([name, inner]) => [name, tidy(inner)]));
    else if (key === 'items' || key === 'additionalProperties') out[key] = tidy(value as JsonSchema);
    else if (key === 'anyOf') out[key] = (value as JsonSchema[]).map(tidy).flatMap((inner) => (typeof inner === 'object' && Object.keys(inner).length === 1 && inner.anyOf ? inner.anyOf : [inner]));
    else out[key] = value;
  }
  const anyOf = out.anyOf as JsonSchema[] | undefined;
  if (anyOf?.every(TYPE_ONLY)) {
    delete out.anyOf;
    out.type = [...new Set(anyOf.flatMap((inner) => (inner as { type: string | string[] }).type))];
  }
  if (Array.isArray(out.required) && out.required.length === 0) delete out.required;
  if (typeof out.minimum === 'number' && typeof out.exclusiveMinimum === 'number' && out.exclusiveMinimum >= out.minimum) {
    const { minimum: _below, maximum, ...rest } = out;
    return { type: out.type, ...rest, ...(maximum === undefined ? {} : { maximum }) } as JsonSchema;
  }
  // `type` first, as the document always wrote it
  return (out.type === undefined ? out : { type: out.type, ...out }) as JsonSchema;
}

/** A route's valibot schema as JSON Schema 2020-12 (OpenAPI 3.1's): a request's input, an answer's output. */
function jsonSchemaOf(schema: unknown, typeMode: 'input' | 'output'): unknown {
  if (!isSchema(schema)) return schema;
  const { $schema: _dialect, ...json } = toJsonSchema(schema, { target: 'draft-2020-12', typeMode, errorMode: 'throw', overrideSchema }) as Record<string, unknown>;
  return tidy(json as JsonSchema);
}

/** @fastify/swagger's transform: the route's schemas as JSON Schema; a hidden route stays out. */
function transform({ schema, url }: { schema: FastifySchema; url: string }): { schema: FastifySchema; url: string } {
  if (!(schema as FastifySchema | undefined)) return { schema, url };
  const { response, headers, querystring, body, params, hide, ...rest } = schema as Record<string, unknown>;
  if (hide) return { schema: { hide: true }, url };
  const requests = Object.entries({ headers, querystring, body, params }).filter(([, value]) => value !== undefined);
  const answers = Object.entries((response ?? {}) as Record<string, unknown>);
  return {
    schema: {
      ...Object.fromEntries(requests.map(([key, value]) => [key, jsonSchemaOf(value, 'input')])),
      ...(response ? { response: Object.fromEntries(answers.map(([status, value]) => [status, jsonSchemaOf(value, 'output')])) } : {}),
      ...rest,
    },
    url,
  };
}

/**
 * Fields the spec names without fixing their content stay open in the document, whatever this server
 * sends: the registration's `available_loans` items (section 3: "available_loans (list)").
 */
function openWhatTheSpecLeavesOpen(document: OpenAPIV3_1.Document): OpenAPIV3_1.Document {
  const register = document.paths?.[`${API_PREFIX}account/register/`]?.post;
  const created = register?.responses?.['201'] as OpenAPIV3_1.ResponseObject | undefined;
  const schema = created?.content?.['application/json']?.schema as OpenAPIV3_1.SchemaObject | undefined;
  const loans = schema?.properties?.available_loans as OpenAPIV3_1.ArraySchemaObject | undefined;
  if (loans) {
    loans.items = {
      description: 'A loan of the borrower. The spec does not fix its fields; this server sends `loanno` and `property_address`.',
    };
  }
  for (const item of Object.values(document.paths ?? {})) {
    for (const op of Object.values(item ?? {}) as OpenAPIV3_1.OperationObject[]) {
      for (const [status, answer] of Object.entries(op.responses ?? {}) as Array<[string, OpenAPIV3_1.ResponseObject]>) {
        if (answer.description === 'Default Response') answer.description = ANSWER_DESCRIPTIONS[status] ?? 'The answer';
      }
    }
  }
  // a bodiless POST (opt_out, logout, session/extend) takes nothing, or `{}`
  for (const item of Object.values(document.paths ?? {})) {
    const body = item?.post?.requestBody as OpenAPIV3_1.RequestBodyObject | undefined;
    const schema = body?.content['application/json']?.schema as OpenAPIV3_1.SchemaObject | undefined;
    if (body && schema?.properties && Object.keys(schema.properties).length === 0) {
      body.required = false;
      body.description = 'No body, or `{}`.';
    }
  }
  return document;
}

/** What each status means, for every route (the error bodies are `{errors: [...]}`, in the request's language where a borrower may read them). */
const ANSWER_DESCRIPTIONS: Record<string, string> = {
  200: 'Done',
  201: 'Created',
  400: 'Refused: `errors` says why (a body or query outside the schema, or a rule of the call)',
  401: 'Not signed in (no session or API token)',
  403: 'Refused: the CSRF check, another borrower’s account, or `reauth_required` (the password is to be confirmed first)',
  409: 'Already registered',
  413: 'The body is larger than 16 KiB',
  415: 'The body is not JSON',
  429: 'Too many requests, or sign-in paused: see `Retry-After`',
  500: 'Unexpected error',
  503: 'Not ready (readyz: the balancer should send requests elsewhere), or every password-hashing thread busy: see `Retry-After`',
};

/** Registers the collector: before the routes (it sees only those registered after it). */
export async function registerApiDescription(app: FastifyInstance) {
  describeUndeclared(app);
  await app.register(fastifySwagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Borrower portal API (/loanmanager/api/)',
        version: '1',
        description:
          'The calls of the borrower portal spec (section 7, with the fields of section 3), tagged "' + SPEC_TAG + '", and what ' +
          'this reference server adds, tagged "' + ADDITION_TAG + '" and marked `x-loanmanager-addition: true` (a servicer’s server ' +
          'need not have them). Bodies are JSON. Unsafe requests signed in by cookie carry the CSRF cookie’s value in `X-CSRFToken`; ' +
          'an API client may sign in with `Authorization: Token <token>` instead. Every 4xx and 5xx answer is `{"errors": [...]}` ' +
          'unless its schema says otherwise. Generated from the route schemas (npm run api:openapi); docs/server.md.',
      },
      tags: [
        { name: SPEC_TAG, description: 'The calls the borrower portal spec fixes (section 7); their fields are those of section 3.' },
        { name: ADDITION_TAG, description: 'Our additions: sign-in and sign-out, the session, re-authentication, health probes.' },
        { name: PROBES_TAG, description: 'For a load balancer (our addition).' },
        { name: PAGES_TAG, description: 'The portal’s HTML pages and static files (spec section 2): not JSON.' },
      ],
    },
    transform,
  });
}

/** The document, as generated from the routes of `app` (after `ready`). */
export function apiDescription(app: FastifyInstance): OpenAPIV3_1.Document {
  return openWhatTheSpecLeavesOpen(structuredClone(app.swagger() as OpenAPIV3_1.Document));
}

/** The document as served in development (production has no such route: 404). */
export function apiDescriptionRoute(app: FastifyInstance, ctx: PortalContext) {
  if (ctx.options.production) return;
  app.get(OPENAPI_PATH, async (_request, reply) => sendJson(reply, 200, apiDescription(app)));
}
