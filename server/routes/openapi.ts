/**
 * The API description (OpenAPI 3.1, docs/api/openapi.json): @fastify/swagger collects every route as it
 * is registered, and `transform` turns its valibot schemas (the client's, from src/api/schemas.ts,
 * and server/routes/schemas.ts) into JSON Schema with @valibot/to-json-schema; `tellTheTruth` adds what
 * every route can answer, the pages' answers and the operation ids, and `widgetsContract` keeps the
 * operations marked for the widgets (docs/api/widgets-contract.json). `npm run api:openapi` writes both
 * files; a development server also serves the first at OPENAPI_PATH (production: 404).
 */
import fastifySwagger from '@fastify/swagger';
import type { FastifyInstance, FastifySchema } from 'fastify';
import { toJsonSchema, type JsonSchema, type OverrideSchemaContext } from '@valibot/to-json-schema';
import type { OpenAPIV3_1 } from 'openapi-types';
import * as v from 'valibot';
import { API_PREFIX, sendJson, type PortalContext } from '../http/context';
import { HEALTHZ_PATH, PROBE_PATHS, READYZ_PATH } from '../http/probePaths';
import { isSchema } from './declarations';
import { CSRF_COOKIE, SESSION_COOKIE } from '../auth/security';
import { ADDITION_TAG, PAGE_MARK, PAGES_TAG, PROBES_TAG, SPEC_TAG, WIDGETS_MARK, WIDGETS_WITHOUT, addition, type PageAnswers } from './schemas';

export const OPENAPI_PATH = `${API_PREFIX}openapi.json`;

/** Routes a development server adds (the outbox, this document): not part of what is described. */
export const DEVELOPMENT_ONLY = (url: string) => url.startsWith('/loanmanager/dev/') || url === OPENAPI_PATH;

/** The probes tell nothing beyond their status (server/routes/health.ts): what readiness found goes to the log. */
const probeSchemas: Record<string, Record<string, unknown>> = {
  [HEALTHZ_PATH]: {
    ...addition('Liveness: the process answers (no database, no rate limit)'),
    tags: [ADDITION_TAG, PROBES_TAG],
    security: [{}],
    response: { 200: v.object({ status: v.literal('ok') }) },
  },
  [READYZ_PATH]: {
    ...addition('Readiness: the database is reachable, migrated and takes writes (503 otherwise; no rate limit)'),
    tags: [ADDITION_TAG, PROBES_TAG],
    security: [{}],
    response: {
      200: v.object({ status: v.literal('ready') }),
      503: v.object({ status: v.literal('unavailable') }),
    },
  },
};

/**
 * Each route's `security` (from `config.signedIn`, a declared 401 or a signed-in page's mark), and what the
 * document says of the routes that declare nothing themselves: the probes (server/routes/health.ts) get
 * their answers, the HTML pages and static files a line each, and the development-only routes are left out.
 */
function describeUndeclared(app: FastifyInstance) {
  app.addHook('onRoute', (route) => {
    if (route.schema !== undefined) {
      const schema = route.schema as Record<string, unknown>;
      const signedIn = route.config?.signedIn === true || has401(schema) || (schema[PAGE_MARK] as PageAnswers | undefined)?.signedIn === true;
      if (!schema.hide && schema.security === undefined) schema.security = securityOf(route.url, [route.method].flat(), signedIn);
      return;
    }
    const described = (schema: Record<string, unknown>) => {
      (route as { schema?: Record<string, unknown> }).schema = schema;
    };
    if (PROBE_PATHS.has(route.url)) described(probeSchemas[route.url]!);
    else if (DEVELOPMENT_ONLY(route.url)) described({ hide: true });
    else if (!route.url.startsWith(API_PREFIX)) {
      const isStatic = route.url.startsWith('/loanmanager/static/');
      described({
        tags: [PAGES_TAG],
        summary: isStatic ? 'A static file (scripts, styles, images)' : 'A page of the portal (HTML)',
        ...(isStatic ? {} : { [PAGE_MARK]: {} }),
        security: [{}],
      });
    }
  });
}

const has401 = (schema: Record<string, unknown>) => Object.hasOwn((schema.response ?? {}) as object, '401');

/**
 * Who may call a route (the document's `security`, per operation): a signed-in API call takes the
 * session cookie (unsafe methods with the CSRF cookie's value in its header) or an API token; an
 * anonymous unsafe API call the CSRF pair or an API token; a signed-in page the session cookie
 * (signed out: 302 to sign in); anything else nothing.
 */
function securityOf(url: string, methods: string[], signedIn: boolean): OpenAPIV3_1.SecurityRequirementObject[] {
  const unsafe = methods.some((method) => method !== 'GET' && method !== 'HEAD');
  const csrf: Record<string, string[]> = unsafe ? { [SCHEMES.csrfCookie]: [], [SCHEMES.csrfHeader]: [] } : {};
  // a page's form carries the CSRF cookie's value in a hidden field (not expressible as a scheme): the cookie is named
  if (!url.startsWith(API_PREFIX)) return [{ ...(signedIn ? { [SCHEMES.session]: [] } : {}), ...(unsafe ? { [SCHEMES.csrfCookie]: [] } : {}) }];
  if (signedIn) return [{ [SCHEMES.session]: [], ...csrf }, { [SCHEMES.apiToken]: [] }];
  return unsafe ? [csrf, { [SCHEMES.apiToken]: [] }] : [{}];
}

/** The names of the security schemes (components.securitySchemes). */
export const SCHEMES = { session: 'sessionCookie', csrfCookie: 'csrfCookie', csrfHeader: 'csrfHeader', apiToken: 'apiToken' } as const;

const SECURITY_SCHEMES: Record<string, OpenAPIV3_1.SecuritySchemeObject> = {
  [SCHEMES.session]: {
    type: 'apiKey',
    in: 'cookie',
    name: SESSION_COOKIE,
    description: 'The signed-in session (HttpOnly), set by sign-in (the reference server’s `account/login/`, or the servicer’s own sign-in).',
  },
  [SCHEMES.csrfCookie]: {
    type: 'apiKey',
    in: 'cookie',
    name: CSRF_COOKIE,
    description: 'The CSRF token, readable by the page: issued to every browser that lacks one (any answer of the API or a page). Unsafe calls without an API token send its value in the CSRF header.',
  },
  [SCHEMES.csrfHeader]: {
    type: 'apiKey',
    in: 'header',
    name: 'X-CSRFToken',
    description: 'The CSRF cookie’s value, copied by the widgets on every unsafe call to a relative address (spec section 6). Missing or different: 403.',
  },
  [SCHEMES.apiToken]: {
    type: 'apiKey',
    in: 'header',
    name: 'Authorization',
    description: '`Token <token>` (the config block’s `auth_token`, spec section 6): no CSRF check. An unknown or expired token answers 401 on every API route, signed in or not. The demo token works only outside production.',
  },
};

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
  // a schema piped into a narrower one (`v.pipe(shape, narrower)`, set_popup_seen's body): what passes is the narrower one's
  const narrower = ((schema as { pipe?: unknown[] }).pipe ?? []).slice(1).filter(isSchema).at(-1);
  if (narrower) return jsonSchemaOf(narrower, typeMode);
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
      type: ['object', 'string', 'number'],
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

const json = (schema: OpenAPIV3_1.SchemaObject) => ({ 'application/json': { schema } });
const ERRORS_BODY: OpenAPIV3_1.SchemaObject = { type: 'object', properties: { errors: { type: 'array', items: { type: 'string' } } }, required: ['errors'] };
const html = { 'text/html': { schema: { type: 'string' } as OpenAPIV3_1.SchemaObject } };
const header = (description: string, required = true): OpenAPIV3_1.HeaderObject => ({ description, required, schema: { type: 'string' } });
const RETRY_AFTER = { 'Retry-After': header('Seconds to wait before trying again') };
const LOCATION = (where: string) => ({ Location: header(where) });

/** The answers of a page or form (its `PAGE_MARK`, server/routes/schemas.ts): HTML, redirects, and the JSON refusals every route can give. */
function pageResponses(answers: PageAnswers): OpenAPIV3_1.ResponsesObject {
  const responses: OpenAPIV3_1.ResponsesObject = {};
  if (answers.redirect) responses[302] = { description: 'To the landing page when signed in, else to sign in', headers: LOCATION('Where to go') };
  else if (answers.form) {
    responses[303] = { description: 'Done: back to a page of the portal (sign-out: the sign-in page)', headers: LOCATION('Where to go') };
    responses[403] = { description: 'Refused: the form’s CSRF token does not match its cookie, or another site sent it', content: html };
    responses[413] = { description: ANSWER_DESCRIPTIONS[413]!, content: json(ERRORS_BODY) };
    responses[415] = { description: 'The body is neither a form nor JSON', content: json(ERRORS_BODY) };
  } else responses[200] = { description: 'The page', content: html };
  if (answers.signedIn) responses[302] = { description: 'Signed out: to the sign-in page, which comes back here afterwards (`next`)', headers: LOCATION('The sign-in page') };
  if (answers.notFound) responses[404] = { description: answers.notFound, content: html };
  if (answers.developmentOnly) responses[404] = { description: 'In production: this page is not there (development and test servers only)', content: html };
  for (const [status, description] of Object.entries(answers.refused ?? {})) responses[status] = { description, content: html };
  return responses;
}

/**
 * What the route schemas leave to the document: an operation id for each (from its method and
 * path), the answers every route can give before its handler (a path the server refuses to read
 * 400, an unknown API token 401 on every API route, the rate limit 429 with `Retry-After`, a
 * header too large 431, an unexpected error 500), the pages' answers, `Retry-After` on the 503 of
 * the routes that hash a password, and what production leaves out.
 */
function tellTheTruth(document: OpenAPIV3_1.Document): OpenAPIV3_1.Document {
  for (const [url, item] of Object.entries(document.paths ?? {})) {
    for (const [method, op] of Object.entries(item ?? {}) as Array<[string, OpenAPIV3_1.OperationObject & Record<string, unknown>]>) {
      op.operationId = operationIdOf(method, url);
      const responses = (op.responses ??= {}) as Record<string, OpenAPIV3_1.ResponseObject>;
      const page = op[PAGE_MARK] as PageAnswers | undefined;
      if (page) {
        delete op[PAGE_MARK];
        // no page of these answers 200 (@fastify/swagger writes a default one)
        if (page.redirect || page.form) delete responses[200];
        Object.assign(responses, pageResponses(page));
        if (page.developmentOnly) {
          op.description = 'Development and test servers only (QA tools): a production server answers 404.';
          op['x-loanmanager-development-only'] = true;
        }
      }
      const errors = (status: number, description: string, headers?: Record<string, OpenAPIV3_1.HeaderObject>) => {
        const existing = responses[status];
        // a page's own refusal of this status (HTML) and the server's JSON one, side by side
        if (existing?.content && !existing.content['application/json']) {
          existing.description = `${existing.description}; or ${description}`;
          existing.content = { ...existing.content, ...json(ERRORS_BODY) };
        }
        responses[status] ??= { description, content: json(ERRORS_BODY) };
        if (headers) responses[status].headers = { ...responses[status].headers, ...headers };
      };
      const api = url.startsWith(API_PREFIX);
      const probe = op.tags?.includes(PROBES_TAG) === true;
      if (!probe) errors(400, 'A path this server refuses to read (encoded slashes, dot segments)');
      if (api) {
        if (responses[401]) responses[401].description = 'Not signed in (no session or API token), or an unknown or expired API token';
        errors(401, 'An unknown or expired API token (`Authorization: Token`)');
      }
      if (!probe) errors(429, ANSWER_DESCRIPTIONS[429]!, RETRY_AFTER);
      errors(431, 'The request’s header fields are too large');
      if (!probe) errors(500, ANSWER_DESCRIPTIONS[500]!);
      if (api && responses[503]) responses[503].headers = RETRY_AFTER;
      op.responses = Object.fromEntries(Object.entries(responses).sort(([a], [b]) => Number(a) - Number(b)));
    }
  }
  return document;
}

/** `POST /loanmanager/api/account/register/` → `postAccountRegister`; a page's ends in `Page`. */
function operationIdOf(method: string, url: string): string {
  const api = url.startsWith(API_PREFIX);
  const words = url
    .slice(api ? API_PREFIX.length : '/loanmanager'.length)
    .replace(/\{([^}]+)\}/g, 'by_$1')
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean);
  const camel = words.map((word) => word[0]!.toUpperCase() + word.slice(1)).join('');
  return `${method}${camel || 'Root'}${api || url.startsWith('/loanmanager/healthz') || url.startsWith('/loanmanager/readyz') ? '' : 'Page'}`;
}

/**
 * docs/api/widgets-contract.json: only what the embedded widgets call (the operations marked
 * `WIDGETS_MARK`), as a servicer’s server must answer them; an optional one says what the widgets
 * do without it. From the same document, so the two cannot disagree.
 */
export function widgetsContract(document: OpenAPIV3_1.Document): OpenAPIV3_1.Document {
  const paths: OpenAPIV3_1.PathsObject = {};
  for (const [url, item] of Object.entries(document.paths ?? {})) {
    for (const [method, op] of Object.entries(item ?? {}) as Array<[string, OpenAPIV3_1.OperationObject & Record<string, unknown>]>) {
      if (!op[WIDGETS_MARK]) continue;
      const optional = op[WIDGETS_MARK] === 'optional';
      const kept: OpenAPIV3_1.OperationObject = { ...op };
      if (optional) kept.description = `Optional: the widgets use it when the server has it. Without it: ${String(op[WIDGETS_WITHOUT])}`;
      (paths[url] ??= {} as Record<string, OpenAPIV3_1.OperationObject>)[method as 'get'] = kept as OpenAPIV3_1.PathItemObject['get'];
    }
  }
  const used = new Set(Object.values(paths).flatMap((item) => Object.values(item ?? {}).flatMap((op) => (op as OpenAPIV3_1.OperationObject).tags ?? [])));
  return {
    ...document,
    info: {
      ...document.info,
      title: 'Borrower portal widgets: what a servicer’s server must answer',
      description:
        'Every call the embedded widgets make (spec section 7, with the fields of section 3), and the optional additions they use when ' +
        'the server has them (marked `' + WIDGETS_MARK + ': optional`, each saying what the widgets do without it). Generated with ' +
        'openapi.json from the same route schemas (npm run api:openapi). Check a server against it: `npm run contract:check` (docs/servicer-integration.md).',
    },
    tags: (document.tags ?? []).filter((tag) => used.has(tag.name)),
    paths,
  };
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
      servers: [{ url: '/', description: 'The origin serving the portal (paths are absolute from it)' }],
      components: { securitySchemes: SECURITY_SCHEMES },
      info: {
        title: 'Borrower portal API (/loanmanager/api/)',
        version: '1',
        description:
          'The calls of the borrower portal spec (section 7, with the fields of section 3), tagged "' + SPEC_TAG + '", and what ' +
          'this reference server adds, tagged "' + ADDITION_TAG + '" and marked `x-loanmanager-addition: true` (a servicer’s server ' +
          'need not have them). Bodies are JSON. Unsafe requests signed in by cookie carry the CSRF cookie’s value in `X-CSRFToken`; ' +
          'an API client may sign in with `Authorization: Token <token>` instead. Every 4xx and 5xx answer is `{"errors": [...]}` ' +
          'unless its schema says otherwise. Generated from a development server’s routes (npm run api:openapi); in production the ' +
          'operations marked `x-loanmanager-development-only` answer 404, the demo API token is refused, and this document is not served. ' +
          'docs/server.md; what the widgets need of a servicer’s server: widgets-contract.json.',
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
  return tellTheTruth(openWhatTheSpecLeavesOpen(structuredClone(app.swagger() as OpenAPIV3_1.Document)));
}

/** The document as served in development (production has no such route: 404). */
export function apiDescriptionRoute(app: FastifyInstance, ctx: PortalContext) {
  if (ctx.options.production) return;
  app.get(OPENAPI_PATH, async (_request, reply) => sendJson(reply, 200, apiDescription(app)));
}
