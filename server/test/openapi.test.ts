/**
 * The API description (docs/api/openapi.json, docs/server.md "The API description"): the committed file
 * is the one the route schemas generate; every route the server registered is in it; a development
 * server serves it and a production one does not; and the reference server's answers, over a flow of
 * the portal's calls, validate against it (JSON Schema 2020-12, as OpenAPI 3.1 uses, with ajv).
 */
import fs from 'node:fs';
import path from 'node:path';
import Ajv2020 from 'ajv/dist/2020';
import type { LightMyRequestResponse } from 'fastify';
import type { OpenAPIV3_1 } from 'openapi-types';
import { SPEC_CALLS } from '../../src/api/schemas';
import { DEMO_BORROWERS } from '../db/seed';
import { DEVELOPMENT_ONLY, OPENAPI_PATH } from '../routes/openapi';
import { generateApiDocuments, OPENAPI_FILE, WIDGETS_CONTRACT_FILE } from '../routes/openapiDocument';
import { ADDITION_TAG, SPEC_TAG, WIDGETS_MARK, WIDGETS_WITHOUT } from '../routes/schemas';
import { API, nonceOf, pageConfig, registrationBody, startTestServer, type TestClient, type TestServer } from './harness';

const committed = (file: string) => fs.readFileSync(path.join(__dirname, '..', '..', file), 'utf8');
const committedText = committed(OPENAPI_FILE);
const document = JSON.parse(committedText) as OpenAPIV3_1.Document;
const contract = JSON.parse(committed(WIDGETS_CONTRACT_FILE)) as OpenAPIV3_1.Document;

/** `METHOD path` of each operation of a document, with the operation. */
const operationsOf = (doc: OpenAPIV3_1.Document) =>
  Object.entries(doc.paths ?? {}).flatMap(([url, item]) =>
    Object.entries(item as Record<string, OpenAPIV3_1.OperationObject & Record<string, unknown>>).map(([method, op]) => ({ entry: `${method.toUpperCase()} ${url}`, op })),
  );

/** fastify's `/a/:nonce/` as OpenAPI writes it. */
const openapiPath = (url: string) => url.replace(/:([A-Za-z0-9_]+)/g, '{$1}');

function operation(method: string, url: string): OpenAPIV3_1.OperationObject | undefined {
  const item = document.paths?.[openapiPath(url)] as Record<string, OpenAPIV3_1.OperationObject> | undefined;
  return item?.[method.toLowerCase()];
}

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

describe('docs/api/openapi.json', () => {
  it('is, with docs/api/widgets-contract.json, what the route schemas generate now (npm run api:openapi writes both)', async () => {
    const generated = await generateApiDocuments();
    expect(generated[OPENAPI_FILE]).toBe(committedText);
    expect(generated[WIDGETS_CONTRACT_FILE]).toBe(committed(WIDGETS_CONTRACT_FILE));
  });

  it('has no answer schema that takes anything (recover_username’s `email_address` did)', () => {
    const open: string[] = [];
    const visit = (schema: unknown, where: string) => {
      if (typeof schema !== 'object' || schema === null) return;
      const node = schema as Record<string, unknown>;
      if (!['type', 'enum', 'const', 'anyOf', 'oneOf', 'allOf', '$ref', 'properties'].some((key) => key in node)) open.push(where);
      for (const [name, inner] of Object.entries((node.properties ?? {}) as Record<string, unknown>)) visit(inner, `${where}.${name}`);
      if (node.items) visit(node.items, `${where}[]`);
      for (const key of ['anyOf', 'oneOf', 'allOf']) ((node[key] ?? []) as unknown[]).forEach((inner, i) => visit(inner, `${where}.${key}[${i}]`));
    };
    for (const { entry, op } of operationsOf(document)) {
      for (const [status, answer] of Object.entries(op.responses ?? {}) as Array<[string, OpenAPIV3_1.ResponseObject]>) {
        for (const [type, media] of Object.entries(answer.content ?? {})) visit(media.schema, `${entry} ${status} ${type}`);
      }
    }
    expect(open).toEqual([]);
  });

  it('gives every operation its own id, and declares the security schemes each one names', () => {
    const ids = operationsOf(document).map(({ op }) => op.operationId);
    expect(ids.every((id) => typeof id === 'string' && id !== '')).toBe(true);
    expect(new Set(ids).size).toBe(ids.length);
    const schemes = Object.keys(document.components?.securitySchemes ?? {});
    expect(schemes.sort()).toEqual(['apiToken', 'csrfCookie', 'csrfHeader', 'sessionCookie']);
    for (const { entry, op } of operationsOf(document)) {
      expect({ entry, security: Array.isArray(op.security) }).toEqual({ entry, security: true });
      for (const name of (op.security ?? []).flatMap((requirement) => Object.keys(requirement))) expect(schemes).toContain(name);
    }
    // a signed-in unsafe call: the session with the CSRF pair, or an API token
    expect(operation('POST', `${API}go-green/opt_in/`)?.security).toEqual([{ sessionCookie: [], csrfCookie: [], csrfHeader: [] }, { apiToken: [] }]);
  });

  it('the widgets’ contract is the spec’s calls, required, and the additions marked for the widgets, optional, each saying what the widgets do without it', () => {
    const entries = operationsOf(contract);
    const required = entries.filter(({ op }) => op[WIDGETS_MARK] === 'required').map(({ entry }) => entry.replace(` ${API}`, ' '));
    expect(required.sort()).toEqual([...SPEC_CALLS].sort());
    const optional = entries.filter(({ op }) => op[WIDGETS_MARK] === 'optional');
    expect(optional.map(({ entry }) => entry)).toEqual(expect.arrayContaining([`POST ${API}user/confirm_password/`]));
    for (const { entry, op } of optional) {
      expect({ entry, without: typeof op[WIDGETS_WITHOUT] === 'string', described: op.description?.startsWith('Optional') }).toEqual({ entry, without: true, described: true });
    }
    // nothing else: the whole document's marked operations, the same objects
    const marked = operationsOf(document).filter(({ op }) => op[WIDGETS_MARK] !== undefined);
    expect(entries.map(({ entry }) => entry)).toEqual(marked.map(({ entry }) => entry));
    expect(contract.components).toEqual(document.components);
  });

  it('has every route of the server, and no route the server does not have', () => {
    const routes = server
      .routes()
      // HEAD answers are fastify's own for each GET; the outbox and this document exist in development only;
      // @fastify/static leaves its file route out (files, not calls)
      .filter((route) => route.method !== 'HEAD' && !DEVELOPMENT_ONLY(route.url) && !route.url.startsWith('/loanmanager/static/'));
    expect(routes.length).toBeGreaterThan(30);
    const missing = routes.filter((route) => !operation(route.method, route.url)).map((route) => `${route.method} ${route.url}`);
    expect(missing).toEqual([]);
    const registered = new Set(routes.map((route) => `${route.method.toLowerCase()} ${openapiPath(route.url)}`));
    const described = Object.entries(document.paths ?? {}).flatMap(([url, item]) =>
      Object.keys(item ?? {}).map((method) => `${method} ${url}`),
    );
    expect(described.filter((entry) => !registered.has(entry))).toEqual([]);
  });

  it('tells the spec’s calls (section 7) from our additions', () => {
    const tagged = (tag: string) =>
      Object.entries(document.paths ?? {}).flatMap(([url, item]) =>
        Object.entries(item as Record<string, OpenAPIV3_1.OperationObject>)
          .filter(([, op]) => op.tags?.includes(tag))
          .map(([method]) => `${method.toUpperCase()} ${url.replace(API, '')}`),
      );
    // spec section 7, row for row
    expect(tagged(SPEC_TAG).sort()).toEqual([...SPEC_CALLS].sort());
    const additions = tagged(ADDITION_TAG);
    expect(additions).toEqual(
      expect.arrayContaining([
        'POST account/login/',
        'POST account/logout/',
        'GET account/csrf/',
        'POST user/confirm_password/',
        'GET user/session/',
        'POST user/session/extend/',
        'GET /loanmanager/healthz',
        'GET /loanmanager/readyz',
      ]),
    );
    for (const entry of additions) {
      const [method, url] = entry.split(' ');
      const op = operation(method!, url!.startsWith('/') ? url! : `${API}${url}`) as Record<string, unknown>;
      expect({ entry, marked: op['x-loanmanager-addition'] }).toEqual({ entry, marked: true });
    }
    // the spec names the registration's list of loans, not their fields: open in the document
    const created = operation('POST', `${API}account/register/`)?.responses?.['201'] as OpenAPIV3_1.ResponseObject;
    const loans = (created.content?.['application/json']?.schema as OpenAPIV3_1.SchemaObject).properties?.available_loans as OpenAPIV3_1.ArraySchemaObject;
    expect(loans.items).toEqual({ type: ['object', 'string', 'number'], description: expect.any(String) });
  });

  it('is served by a development server, and not by a production one', async () => {
    const served = await server.client().get(OPENAPI_PATH);
    expect(served.statusCode).toBe(200);
    expect(served.json()).toEqual(document);
    const production = await startTestServer({ production: true, seedDemoData: false });
    try {
      const refused = await production.client().get(OPENAPI_PATH);
      expect(refused.statusCode).toBe(404);
      expect(refused.json()).toEqual({ errors: ['Not found'] });
    } finally {
      await production.close();
    }
  });
});

describe('the reference server’s answers validate against the document', () => {
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  const checked: string[] = [];

  /** Validates an answer against the schema the document gives its path, method and status. */
  function conforms(method: string, url: string, response: LightMyRequestResponse) {
    const where = `${method} ${url} ${response.statusCode}`;
    const op = operation(method, url);
    const answer = op?.responses?.[String(response.statusCode)] as OpenAPIV3_1.ResponseObject | undefined;
    const schema = answer?.content?.['application/json']?.schema;
    expect({ where, documented: schema !== undefined }).toEqual({ where, documented: true });
    const validate = ajv.compile(schema as object);
    const valid = validate(response.json());
    expect({ where, errors: valid ? null : ajv.errorsText(validate.errors) }).toEqual({ where, errors: null });
    checked.push(where);
    return response;
  }

  async function call(client: TestClient, method: 'GET' | 'POST', url: string, body?: unknown, query?: Record<string, string>) {
    const response = method === 'GET' ? await client.get(url, query ? { query } : {}) : await client.post(url, body);
    return conforms(method, url, response);
  }

  it('over a flow of the portal’s calls, answers and refusals', async () => {
    const nora = DEMO_BORROWERS.find((borrower) => borrower.firstname === 'Nora')!;
    const dana = DEMO_BORROWERS.find((borrower) => borrower.firstname === 'Dana')!;
    const anonymous = server.client();
    await anonymous.visit();

    // refusals: a bad body, the CSRF check, no session
    expect((await call(anonymous, 'POST', `${API}account/register/`, { firstname: 'x' })).statusCode).toBe(400);
    expect((await conforms('POST', `${API}account/validate_nonce/`, await anonymous.post(`${API}account/validate_nonce/`, { nonce: 'x' }, { csrf: false }))).statusCode).toBe(403);
    expect((await call(anonymous, 'GET', `${API}go-green/status/`)).statusCode).toBe(401);

    // register, then register again (409), recover the username, ask for a reset
    const registering = server.client();
    await registering.visit();
    expect((await call(registering, 'POST', `${API}account/register/`, registrationBody(nora))).statusCode).toBe(201);
    expect((await call(anonymous, 'POST', `${API}account/register/`, registrationBody(nora))).statusCode).toBe(409);
    expect((await call(anonymous, 'POST', `${API}account/register/`, registrationBody(nora, { ssn: '900009999' }))).statusCode).toBe(400);
    const recovery = { loanno: dana.loans[0]!.loanno, ssn: dana.ssn, dob: dana.dob, recaptcha_response: 'dummy-token' };
    expect((await call(anonymous, 'POST', `${API}account/recover_username/`, recovery)).statusCode).toBe(200);
    expect((await call(anonymous, 'POST', `${API}account/request_password_reset/`, { username: dana.username, recaptcha_response: 'dummy-token' })).statusCode).toBe(200);
    const resetLink = (await server.outbox()).find((message) => message.to === dana.emailAddress && /reset_password\//.test(message.paths.join(' ')));
    const nonce = nonceOf(resetLink!.paths.find((link) => link.includes('reset_password'))!);
    expect((await call(anonymous, 'POST', `${API}account/validate_nonce/`, { nonce })).statusCode).toBe(200);
    expect((await call(anonymous, 'POST', `${API}account/reset_password/`, { nonce, password: 'short', password2: 'other' })).statusCode).toBe(400);

    // sign in (a wrong password first), then the signed-in calls
    const signedIn = server.client();
    await signedIn.visit();
    expect((await call(signedIn, 'POST', `${API}account/login/`, { username: dana.username, password: 'not-it' })).statusCode).toBe(400);
    expect((await call(signedIn, 'POST', `${API}account/login/`, { username: dana.username, password: 'Demo-pass1!' })).statusCode).toBe(200);
    expect((await call(signedIn, 'GET', `${API}go-green/status/`)).statusCode).toBe(200);
    const coacct = pageConfig((await signedIn.get('/loanmanager/go-green/')).body).coacct as string;
    expect((await call(signedIn, 'POST', `${API}user/popup/`, { coacct })).statusCode).toBe(200);
    expect((await call(signedIn, 'POST', `${API}user/popup/`, { coacct: '0' })).statusCode).toBe(403);
    expect((await call(signedIn, 'POST', `${API}user/set_popup_seen/`, { id_to_mark_as_seen: 'go-green-auto-pay' })).statusCode).toBe(200);
    expect((await call(signedIn, 'POST', `${API}user/dismiss_popup/`, { id_to_dismiss: 'tax-reminder' })).statusCode).toBe(200);
    expect((await call(signedIn, 'GET', `${API}user/check_email_address/`, undefined, { email_address: 'dana.new@example.com' })).statusCode).toBe(200);
    // the address on file changes only after the password again
    expect((await call(signedIn, 'POST', `${API}user/request_email_change/`, { email_address: 'dana.new@example.com' })).statusCode).toBe(403);
    expect((await call(signedIn, 'POST', `${API}user/confirm_password/`, { password: 'not-it' })).statusCode).toBe(400);
    expect((await call(signedIn, 'POST', `${API}user/confirm_password/`, { password: 'Demo-pass1!' })).statusCode).toBe(200);
    expect((await call(signedIn, 'POST', `${API}user/request_email_change/`, { email_address: 'dana.new@example.com' })).statusCode).toBe(200);
    expect((await call(signedIn, 'GET', `${API}user/is_validated/`, undefined, { email_address: 'dana.new@example.com' })).statusCode).toBe(200);
    const verifyLink = (await server.outbox()).find((message) => message.to === 'dana.new@example.com')!;
    expect((await call(anonymous, 'POST', `${API}anon-user/verify_email/`, { nonce: nonceOf(verifyLink.paths[0]!) })).statusCode).toBe(200);
    const optIn = { time_zone: 'America/Chicago', browser: 'Firefox', os: 'Linux', email: 'dana.new@example.com' };
    expect((await call(signedIn, 'POST', `${API}go-green/opt_in/`, optIn)).statusCode).toBe(200);
    expect((await call(signedIn, 'POST', `${API}go-green/opt_out/`)).statusCode).toBe(200);
    expect((await call(signedIn, 'GET', `${API}user/session/`)).statusCode).toBe(200);
    expect((await call(signedIn, 'POST', `${API}user/session/extend/`)).statusCode).toBe(200);
    expect((await call(signedIn, 'POST', `${API}account/logout/`)).statusCode).toBe(200);
    expect((await call(anonymous, 'GET', `${API}account/csrf/`)).statusCode).toBe(200);
    expect((await call(anonymous, 'GET', '/loanmanager/healthz')).statusCode).toBe(200);
    expect((await call(anonymous, 'GET', '/loanmanager/readyz')).statusCode).toBe(200);

    // every call of the spec's section 7 was among them
    const specCalls = Object.entries(document.paths ?? {}).flatMap(([url, item]) =>
      Object.entries(item as Record<string, OpenAPIV3_1.OperationObject>)
        .filter(([, op]) => op.tags?.includes(SPEC_TAG))
        .map(([method]) => `${method.toUpperCase()} ${url}`),
    );
    expect(specCalls.filter((call) => !checked.some((where) => where.startsWith(`${call} `)))).toEqual([]);
  });
});
