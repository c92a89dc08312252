/**
 * The document tells the truth (issue 48): every operation of docs/api/openapi.json gets requests of
 * every kind (valid, signed out, an unknown API token, no CSRF token, a JSON `null` body, an unknown
 * field, a wrong type, a body that is not JSON, a body too large, a query missing or with more, a
 * path the server refuses, too many requests; for pages signed out and in, another borrower's loan,
 * the forms with and without their token), on a development and a production server. Each answer is
 * checked both ways: its status is one the document gives (with its required headers), its body is
 * of a documented content type and the document's schema accepts it; and a body the document's
 * request schema refuses is refused by the server (400), a body the server takes (2xx) is one the
 * document accepts. 0 mismatches. The operations come from the document itself, so routes added
 * later (with their route schemas) are checked without a line here.
 */
import fs from 'node:fs';
import path from 'node:path';
import Ajv2020 from 'ajv/dist/2020';
import type { LightMyRequestResponse } from 'fastify';
import type { OpenAPIV3_1 } from 'openapi-types';
import { DEMO_BORROWERS, DEMO_PASSWORD } from '../db/seed';
import { OPENAPI_FILE } from '../routes/openapiDocument';
import { SCHEMES } from '../routes/openapi';
import { formTokensIn, pageConfig, registrationBody, startTestServer, type RequestOptions, type TestClient, type TestServer } from './harness';

const document = JSON.parse(fs.readFileSync(path.join(__dirname, '..', '..', OPENAPI_FILE), 'utf8')) as OpenAPIV3_1.Document;
const ajv = new Ajv2020({ strict: false, allErrors: true });

type Operation = OpenAPIV3_1.OperationObject & Record<string, unknown>;
interface Described {
  method: 'GET' | 'POST';
  url: string;
  op: Operation;
}

const OPERATIONS: Described[] = Object.entries(document.paths ?? {}).flatMap(([url, item]) =>
  Object.entries(item as Record<string, Operation>).map(([method, op]) => ({ method: method.toUpperCase() as 'GET' | 'POST', url, op })),
);

const dana = DEMO_BORROWERS.find((borrower) => borrower.firstname === 'Dana')!;
const nora = DEMO_BORROWERS.find((borrower) => borrower.firstname === 'Nora')!;
const UNKNOWN_TOKEN = 'x'.repeat(43);
const TOO_LARGE = JSON.stringify({ padding: 'x'.repeat(17 * 1024) });

const isApi = (url: string) => url.startsWith('/loanmanager/api/');
const signedInOp = (op: Operation) => (op.security ?? []).some((requirement) => SCHEMES.session in requirement);
const bodySchemaOf = (op: Operation) => (op.requestBody as OpenAPIV3_1.RequestBodyObject | undefined)?.content['application/json']?.schema;
const queryOf = (op: Operation) => ((op.parameters ?? []) as OpenAPIV3_1.ParameterObject[]).filter((parameter) => parameter.in === 'query');

/** The least value a schema accepts (a route added later, with no sample below). */
function sampleOf(schema: OpenAPIV3_1.SchemaObject | undefined): unknown {
  if (!schema) return undefined;
  if (schema.enum) return schema.enum[0];
  if (schema.anyOf) return sampleOf(schema.anyOf[0] as OpenAPIV3_1.SchemaObject);
  const type = [schema.type ?? 'object'].flat()[0];
  if (type === 'object') {
    const properties = (schema.properties ?? {}) as Record<string, OpenAPIV3_1.SchemaObject>;
    return Object.fromEntries((schema.required ?? []).map((name) => [name, sampleOf(properties[name])]));
  }
  if (type === 'string') return 'x'.repeat(Math.max(schema.minLength ?? 1, 1));
  if (type === 'boolean') return false;
  if (type === 'number' || type === 'integer') return 1;
  if (type === 'array') return [];
  return null;
}

interface Context {
  server: TestServer;
  /** Dana, signed in by cookie. */
  signedIn: TestClient;
  coacct: string;
}

/** What the reference server's widgets send to each spec call and addition; any other operation gets its schema's least body. */
function validRequest(described: Described, context: Context): { body?: unknown; query?: Record<string, string> } {
  const tail = described.url.replace('/loanmanager/api/', '');
  const samples: Record<string, { body?: unknown; query?: Record<string, string> }> = {
    'account/register/': { body: registrationBody(nora) },
    'account/recover_username/': { body: { loanno: dana.loans[0]!.loanno, ssn: dana.ssn, dob: dana.dob, recaptcha_response: 'dummy-token' } },
    'account/request_password_reset/': { body: { username: dana.username, recaptcha_response: 'dummy-token' } },
    'account/validate_nonce/': { body: { nonce: UNKNOWN_TOKEN } },
    'account/reset_password/': { body: { nonce: UNKNOWN_TOKEN, password: 'Secret-pass9', password2: 'Secret-pass9' } },
    'anon-user/verify_email/': { body: { nonce: UNKNOWN_TOKEN } },
    'account/login/': { body: { username: dana.username, password: DEMO_PASSWORD } },
    'user/check_email_address/': { query: { email_address: 'dana.other@example.com' } },
    'user/is_validated/': { query: { email_address: dana.emailAddress! } },
    'user/confirm_password/': { body: { password: DEMO_PASSWORD } },
    'user/request_email_change/': { body: { email_address: dana.emailAddress! } },
    'user/popup/': { body: { coacct: context.coacct } },
    'user/set_popup_seen/': { body: { id_to_mark_as_seen: 'tax-reminder' } },
    'user/dismiss_popup/': { body: { id_to_dismiss: 'tax-reminder' } },
    'go-green/opt_in/': { body: { time_zone: 'America/Chicago', browser: 'Firefox', os: 'Linux', email: dana.emailAddress } },
  };
  if (samples[tail]) return samples[tail];
  const query = queryOf(described.op);
  if (query.length > 0) return { query: Object.fromEntries(query.map((parameter) => [parameter.name, String(sampleOf(parameter.schema as OpenAPIV3_1.SchemaObject))])) };
  const schema = bodySchemaOf(described.op) as OpenAPIV3_1.SchemaObject | undefined;
  return described.method === 'POST' && (described.op.requestBody as OpenAPIV3_1.RequestBodyObject | undefined)?.required ? { body: sampleOf(schema) } : {};
}

/** A request of one kind, and what is checked of its body against the request schema. */
interface Sent {
  kind: string;
  response: LightMyRequestResponse;
  /** The JSON body sent (undefined: none), when the kind varies only the body. */
  body?: { value: unknown };
}

/** A path with its parameters filled in (`{nonce}` → a value). */
const concrete = (url: string, value = 'a'.repeat(20)) => url.replace(/\{[^}]+\}/g, value);

async function requestsTo(described: Described, context: Context): Promise<Sent[]> {
  const { method, url, op } = described;
  const sent: Sent[] = [];
  const fresh = async () => {
    const client = context.server.client();
    await client.visit();
    return client;
  };
  const send = async (kind: string, client: TestClient, body: unknown, options: RequestOptions = {}, target = concrete(url)) => {
    const response = await client.request(method, target, body, options);
    sent.push({ kind, response, ...(options.rawBody === undefined && options.csrf !== false && !options.headers?.authorization ? { body: { value: body } } : {}) });
    return response;
  };
  if (!isApi(url)) return pageRequests(described, context, fresh);

  const valid = validRequest(described, context);
  const needsSession = signedInOp(op);
  // the valid request, from a client of its own (sign-in, sign-out and register change who is signed in)
  const own = needsSession ? await signedInClient(context) : await fresh();
  await send('valid', own, valid.body, valid.query ? { query: valid.query } : {});
  const client = needsSession ? context.signedIn : await fresh();
  const options = valid.query ? { query: valid.query } : {};
  await send('signed out', await fresh(), valid.body, options);
  await send('unknown API token', await fresh(), valid.body, { ...options, headers: { authorization: `Token ${UNKNOWN_TOKEN}` } });
  if (method === 'GET') {
    if (valid.query) {
      await send('query missing', client, undefined, {});
      await send('query with another parameter', client, undefined, { query: { ...valid.query, another: '1' } });
    }
    return sent;
  }
  const objectBody = typeof valid.body === 'object' && valid.body !== null ? valid.body : {};
  await send('no CSRF token', client, valid.body, { ...options, csrf: false });
  await send('CSRF token of another', client, valid.body, { ...options, csrf: UNKNOWN_TOKEN });
  await send('null body', client, null, {});
  await send('no body', client, undefined, {});
  await send('unknown field', client, { ...objectBody, unknown_field: 1 }, {});
  await send('a list', client, [], {});
  await send('a string', client, 'text', {});
  for (const [name, value] of Object.entries(objectBody)) {
    await send(`wrong type: ${name}`, client, { ...objectBody, [name]: typeof value === 'string' ? 1 : 'text' }, {});
    if (typeof value === 'string') await send(`another value: ${name}`, client, { ...objectBody, [name]: 'zz-another' }, {});
  }
  await send('not JSON', client, undefined, { rawBody: 'a=b', headers: { 'content-type': 'text/plain' } });
  await send('malformed JSON', client, undefined, { rawBody: '{"a":' });
  await send('too large', client, undefined, { rawBody: TOO_LARGE });
  return sent;

  async function pageRequests(_described: Described, context: Context, freshClient: () => Promise<TestClient>): Promise<Sent[]> {
    const anonymous = await freshClient();
    if (method === 'GET') {
      await send('signed out', anonymous, undefined);
      await send('signed in', await signedInClient(context), undefined);
      await send('unknown API token', await freshClient(), undefined, { headers: { authorization: `Token ${UNKNOWN_TOKEN}` } });
      if (url.includes('{')) await send('a path the server refuses', anonymous, undefined, {}, concrete(url, 'a%2Fb'));
      if (url === '/loanmanager/loanoverview/') await send('another borrower’s loan', context.signedIn, undefined, { query: { loanno: '9000000009' } });
      return sent;
    }
    const form = async (client: TestClient, fields: Record<string, string>, kind: string) => {
      const token = formTokensIn((await client.get('/loanmanager/privacy/')).body)[0] ?? '';
      return send(kind, client, undefined, {
        rawBody: new URLSearchParams({ csrfmiddlewaretoken: token, ...fields }).toString(),
        headers: { 'content-type': 'application/x-www-form-urlencoded', 'sec-fetch-site': 'same-origin' },
      });
    };
    await form(await signedInClient(context), { locale: 'es', next: '/loanmanager/privacy/' }, 'valid, signed in');
    await form(anonymous, { locale: 'en', next: '/loanmanager/privacy/' }, 'valid, signed out');
    await send('no form token', anonymous, undefined, { rawBody: 'locale=es', headers: { 'content-type': 'application/x-www-form-urlencoded' } });
    await send('not a form', anonymous, undefined, { rawBody: 'a=b', headers: { 'content-type': 'text/plain' } });
    await send('too large', anonymous, undefined, { rawBody: `a=${'x'.repeat(17 * 1024)}`, headers: { 'content-type': 'application/x-www-form-urlencoded' } });
    return sent;
  }
}

async function signedInClient(context: Context): Promise<TestClient> {
  const client = context.server.client();
  await client.login(dana.username!);
  await client.confirmPassword();
  return client;
}

/** A 400 of the route's request schema (server/routes/declarations.ts's texts), as against a rule of the call (an unknown nonce). */
const SHAPE_REFUSAL = /^(?:[\w.]+: (?:Expected a |Invalid value|This field is required|Unknown fields? in the request)|Unknown fields? in the request|Expected a JSON object|This endpoint takes no body)/;
function refusedByShape(response: LightMyRequestResponse): boolean {
  const { errors } = response.json<{ errors?: unknown[] }>();
  return Array.isArray(errors) && errors.some((text) => typeof text === 'string' && SHAPE_REFUSAL.test(text));
}

/** What is wrong with an answer, by the document; [] when it agrees. */
function mismatchesOf(described: Described, sent: Sent): string[] {
  const { response } = sent;
  const answer = described.op.responses?.[String(response.statusCode)] as OpenAPIV3_1.ResponseObject | undefined;
  if (!answer) return [`status ${response.statusCode} is not in the document (${response.body.slice(0, 120)})`];
  const problems: string[] = [];
  for (const [name, header] of Object.entries((answer.headers ?? {}) as Record<string, OpenAPIV3_1.HeaderObject>)) {
    if (header.required && response.headers[name.toLowerCase()] === undefined) problems.push(`header ${name} missing`);
  }
  const type = String(response.headers['content-type'] ?? '').split(';')[0]!.trim();
  const content = answer.content ?? {};
  if (Object.keys(content).length === 0) {
    if (response.body !== '') problems.push(`a body (${type}) where the document gives none`);
  } else if (!content[type]) {
    problems.push(`content type ${type || '(none)'} where the document gives ${Object.keys(content).join(', ')}`);
  } else if (type === 'application/json') {
    const validate = ajv.compile(content[type].schema as object);
    if (!validate(response.json())) problems.push(`body does not match: ${ajv.errorsText(validate.errors)}`);
  }
  // the request's side: what the document refuses, the server refuses (400); what the server takes, the document accepts
  if (sent.body && described.method === 'POST' && isApi(described.url)) {
    const requestBody = described.op.requestBody as OpenAPIV3_1.RequestBodyObject | undefined;
    const schema = bodySchemaOf(described.op);
    const { value } = sent.body;
    const documentAccepts = value === undefined ? !requestBody?.required : schema ? ajv.validate(schema as object, value) : false;
    const serverTook = response.statusCode < 300;
    if (!documentAccepts && response.statusCode !== 400) problems.push(`the document refuses the body ${JSON.stringify(value)?.slice(0, 60)}, the server answered ${response.statusCode}`);
    if (serverTook && !documentAccepts) problems.push('the server took a body the document refuses');
    if (documentAccepts && response.statusCode === 400 && refusedByShape(response)) problems.push(`the server refused the shape of a body the document accepts: ${response.body.slice(0, 120)}`);
  }
  return problems;
}

async function mismatchesOn(server: TestServer, production: boolean): Promise<{ mismatches: string[]; checked: number; statuses: Set<string> }> {
  const signedIn = server.client();
  await signedIn.login(dana.username!);
  await signedIn.confirmPassword();
  const coacct = pageConfig((await signedIn.get('/loanmanager/go-green/')).body).coacct as string;
  const context: Context = { server, signedIn, coacct };
  const mismatches: string[] = [];
  const statuses = new Set<string>();
  let checked = 0;
  for (const described of OPERATIONS) {
    for (const sent of await requestsTo(described, context)) {
      checked += 1;
      statuses.add(`${described.method} ${described.url} ${sent.response.statusCode}`);
      for (const problem of mismatchesOf(described, sent)) {
        mismatches.push(`${production ? 'production' : 'development'} ${described.method} ${described.url} [${sent.kind}] → ${sent.response.statusCode}: ${problem}`);
      }
    }
  }
  return { mismatches, checked, statuses };
}

/** Too many requests: one API call and one page past a limit of 2 a minute. */
async function rateLimitMismatches(server: TestServer): Promise<string[]> {
  const mismatches: string[] = [];
  const client = server.client();
  for (const described of OPERATIONS.filter((entry) => entry.url === '/loanmanager/api/account/validate_nonce/' || entry.url === '/loanmanager/privacy/')) {
    let last: LightMyRequestResponse | undefined;
    for (let i = 0; i < 4; i += 1) last = await client.request(described.method, described.url, described.method === 'POST' ? { nonce: UNKNOWN_TOKEN } : undefined);
    if (last?.statusCode !== 429) mismatches.push(`${described.url}: not limited (${last?.statusCode})`);
    else mismatches.push(...mismatchesOf(described, { kind: 'too many', response: last }).map((problem) => `${described.url} [too many]: ${problem}`));
  }
  return mismatches;
}

describe.each([
  { mode: 'development', production: false },
  { mode: 'production', production: true },
])('docs/api/openapi.json against a $mode server', ({ production }) => {
  let server: TestServer;
  let limited: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ production });
    limited = await startTestServer({ production, routeRateLimitMax: 2, rateLimitMax: 2, seedDemoData: false });
  });
  afterAll(async () => {
    await server?.close();
    await limited?.close();
  });

  it('every operation, requests of every kind: 0 mismatches, both ways', async () => {
    const { mismatches, checked, statuses } = await mismatchesOn(server, production);
    expect(mismatches).toEqual([]);
    expect(checked).toBeGreaterThan(OPERATIONS.length * 3);
    // the answers the issue found undocumented are among those checked
    for (const expected of [
      'POST /loanmanager/api/account/recover_username/ 401',
      'GET /loanmanager/main/ 302',
      'POST /loanmanager/logout/ 303',
      'POST /loanmanager/locale/ 303',
      'GET /loanmanager/loanoverview/ 404',
      ...(production ? ['GET /loanmanager/qa/replay/ 404'] : []),
    ]) {
      expect({ expected, seen: statuses.has(expected) }).toEqual({ expected, seen: true });
    }
  });

  it('too many requests (429, with Retry-After), on the API and on a page', async () => {
    expect(await rateLimitMismatches(limited)).toEqual([]);
  });
});
