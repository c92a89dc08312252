/**
 * Declared route contracts (server/routes/declarations.ts) answer bad input exactly as the hand-called
 * checks did: the same texts, and in the same order (CSRF, then the rate limit, then the 401 of a
 * signed-in route, then the body); outside production an answer that leaves its schema is a 500.
 */
import Fastify from 'fastify';
import * as v from 'valibot';
import type { PortalContext } from '../http/context';
import { HttpError } from '../http/context';
import { dismissPopupSchema, goGreenOptInSchema, loginSchema } from '../../src/api/schemas';
import { declareRouteContracts, parseWith } from '../routes/declarations';
import { API, startTestServer, type TestServer } from './harness';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ rateLimitMax: 3 });
});
afterAll(async () => {
  await server?.close();
});

describe('declared request schemas', () => {
  it('a signed-in route answers 401 before it looks at the body', async () => {
    const anonymous = server.client();
    await anonymous.visit();
    const response = await anonymous.post(`${API}user/popup/`, { wrong: 1 });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ errors: ['Authentication credentials were not provided.'] });
  });

  it('session/extend looks at its body first, as it always did', async () => {
    const anonymous = server.client();
    await anonymous.visit();
    const response = await anonymous.post(`${API}user/session/extend/`, { a: 1 });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ errors: ['This endpoint takes no body'] });
  });

  it('a refused body counts towards the route’s rate limit', async () => {
    const client = server.client();
    await client.visit();
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 4; attempt += 1) {
      statuses.push((await client.post(`${API}account/validate_nonce/`, { nonce: '' })).statusCode);
    }
    expect(statuses).toEqual([400, 400, 400, 429]);
  });

  it('set_popup_seen: the contract’s texts first, then only the popup ids this server knows', async () => {
    const dana = server.client();
    await dana.login('dana.demo');
    const empty = await dana.post(`${API}user/set_popup_seen/`, { id_to_mark_as_seen: '' });
    expect(empty.json()).toEqual({ errors: ['id_to_mark_as_seen: This field is required'] });
    const unknown = await dana.post(`${API}user/set_popup_seen/`, { id_to_mark_as_seen: 'no-such-popup' });
    expect([unknown.statusCode, unknown.json()]).toEqual([400, { errors: ['id_to_mark_as_seen: Invalid value'] }]);
  });
});

describe('the 400 texts of a refused body', () => {
  const refusal = (schema: Parameters<typeof parseWith>[0], body: unknown) => {
    try {
      parseWith(schema, body);
      return null;
    } catch (error) {
      return (error as HttpError).body;
    }
  };

  it('name each field and what is wrong with it, never echoing an unknown name', () => {
    expect(refusal(loginSchema, { username: 'dana', password: 'x' })).toBeNull();
    expect(refusal(loginSchema, [])).toEqual({ errors: ['Expected a JSON object'] });
    expect(refusal(loginSchema, undefined)).toEqual({ errors: ['Expected a JSON object'] });
    expect(refusal(loginSchema, { username: 'dana' })).toEqual({ errors: ['password: This field is required'] });
    expect(refusal(loginSchema, { username: 5, password: null })).toEqual({ errors: ['username: Expected a string', 'password: Expected a string'] });
    // an empty list is not a text, and too short for one
    expect(refusal(loginSchema, { username: [], password: 'x' })).toEqual({
      errors: ['username: Expected a string', 'username: This field is required'],
    });
    expect(refusal(loginSchema, { username: 'dana', password: 'x', secret: 1 })).toEqual({ errors: ['Unknown field in the request'] });
    expect(refusal(loginSchema, { username: 'dana', password: 'x', secret: 1, other: 2 })).toEqual({ errors: ['Unknown fields in the request'] });
    expect(refusal(dismissPopupSchema, {})).toEqual({ errors: ['id_to_dismiss: Invalid value'] });
    expect(refusal(goGreenOptInSchema, { time_zone: '', browser: 'b', os: 'o', email: 'e' })).toEqual({ errors: ['time_zone: This field is required'] });
  });
});

describe('declared response schemas', () => {
  async function appAnswering(production: boolean, answer: unknown) {
    const app = Fastify();
    app.setErrorHandler((error: Error & { statusCode?: number }, _request, reply) =>
      error instanceof HttpError ? reply.code(error.statusCode).send(error.body) : reply.code(500).send({ errors: ['unexpected'] }),
    );
    declareRouteContracts(app, { options: { production } } as unknown as PortalContext);
    app.get('/answer', { schema: { response: { 200: v.object({ valid: v.boolean() }) } } }, async () => answer);
    await app.ready();
    return app;
  }

  it('outside production, an answer that leaves its schema is a 500; fields beyond it are kept', async () => {
    const development = await appAnswering(false, { valid: 'yes' });
    expect((await development.inject('/answer')).statusCode).toBe(500);
    const extra = await appAnswering(false, { valid: true, more: 1 });
    expect((await extra.inject('/answer')).json()).toEqual({ valid: true, more: 1 });
  });

  it('in production, answers are written as they are (JSON.stringify alone)', async () => {
    const production = await appAnswering(true, { valid: 'yes' });
    const response = await production.inject('/answer');
    expect([response.statusCode, response.json()]).toEqual([200, { valid: 'yes' }]);
  });
});
