/**
 * The API description (OpenAPI 3.1, docs/api/openapi.json): @fastify/swagger collects every route as it
 * is registered, and the type provider's transform turns its zod schemas (the client's, from
 * src/api/contract.ts, and server/routes/schemas.ts) into JSON Schema. `npm run api:openapi` writes the
 * file; a development server also serves it at OPENAPI_PATH (production: 404).
 */
import fastifySwagger from '@fastify/swagger';
import type { FastifyInstance } from 'fastify';
import { createJsonSchemaTransform } from 'fastify-type-provider-zod';
import type { OpenAPIV3_1 } from 'openapi-types';
import * as z from 'zod/mini';
import { API_PREFIX, sendJson, type PortalContext } from '../context';
import { HEALTHZ_PATH, PROBE_PATHS, READYZ_PATH } from '../probePaths';
import { ADDITION_TAG, PAGES_TAG, PROBES_TAG, SPEC_TAG, addition } from './schemas';

export const OPENAPI_PATH = `${API_PREFIX}openapi.json`;

/** Routes a development server adds (the outbox, this document): not part of what is described. */
export const DEVELOPMENT_ONLY = (url: string) => url.startsWith('/loanmanager/dev/') || url === OPENAPI_PATH;

/** The probes tell nothing beyond their status (server/routes/health.ts): what readiness found goes to the log. */
const probeSchemas: Record<string, Record<string, unknown>> = {
  [HEALTHZ_PATH]: {
    ...addition('Liveness: the process answers (no database, no rate limit)'),
    tags: [ADDITION_TAG, PROBES_TAG],
    response: { 200: z.object({ status: z.literal('ok') }) },
  },
  [READYZ_PATH]: {
    ...addition('Readiness: the database is reachable, migrated and takes writes (503 otherwise; no rate limit)'),
    tags: [ADDITION_TAG, PROBES_TAG],
    response: {
      200: z.object({ status: z.literal('ready') }),
      503: z.object({ status: z.literal('unavailable') }),
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

/** The JSON Schema of a plain `z.object` keeps other fields allowed (the spec: "response fields other than
 * those named in section 3 are not shown"); a `z.strictObject` (a request body this server checks) stays closed. */
const transform = createJsonSchemaTransform({
  zodToJsonConfig: {
    override: ({ zodSchema, jsonSchema }) => {
      const def = (zodSchema as { _zod: { def: { type: string; catchall?: unknown } } })._zod.def;
      if (def.type === 'object' && def.catchall === undefined) delete jsonSchema.additionalProperties;
    },
  },
});

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
