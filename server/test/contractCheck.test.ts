/**
 * The servicers' conformance check (`npm run contract:check`, scripts/contractCheck/): it passes
 * against the reference server (on SQLite here, on PostgreSQL in `npm run test:pg`), read-only and
 * with write flows on a test account; and against a deliberately wrong server it fails, naming each
 * break (answers of other shapes and statuses, no CSRF check, no CSRF cookie, an API open to other
 * sites). The CLI itself writes its lines, JUnit XML and JSON, and exits 1 on a mismatch.
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import type { OpenAPIV3_1 } from 'openapi-types';
import { runContractCheck, type CheckResult } from '../../scripts/contractCheck/checks';
import { DEMO_BORROWERS, DEMO_PASSWORD } from '../db/seed';
import { WIDGETS_CONTRACT_FILE } from '../routes/openapiDocument';
import { pageConfig, REPO_ROOT, startTestServer, type TestServer } from './harness';

const contract = JSON.parse(fs.readFileSync(path.join(REPO_ROOT, WIDGETS_CONTRACT_FILE), 'utf8')) as OpenAPIV3_1.Document;
const dana = DEMO_BORROWERS.find((borrower) => borrower.firstname === 'Dana')!;
const API = '/loanmanager/api/';

const addressOf = (app: FastifyInstance) => {
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('not listening');
  return new URL(`http://127.0.0.1:${address.port}${API}`);
};
const named = (results: CheckResult[], verdict: CheckResult['verdict']) => results.filter((result) => result.verdict === verdict).map((result) => result.name);

/** A servicer's server gone wrong in the ways the check must name. */
async function wrongServer(): Promise<FastifyInstance> {
  const app = Fastify();
  const errors = (text: string) => ({ errors: [text] });
  // the host page sets no CSRF cookie
  app.get('/loanmanager/', async (_request, reply) => reply.type('text/html').send('<p>host page</p>'));
  // no CSRF check: a call without the token is answered as any other
  app.post(`${API}account/validate_nonce/`, async (_request, reply) => reply.code(400).send(errors('This link has expired')));
  // a success for an unknown nonce, in another shape
  app.post(`${API}anon-user/verify_email/`, async () => ({ ok: true }));
  // a refusal without the `errors` list
  app.post(`${API}account/reset_password/`, async (_request, reply) => reply.code(400).send({ error: 'bad nonce' }));
  // a status the contract does not have, as HTML
  app.post(`${API}account/recover_username/`, async (_request, reply) => reply.code(404).type('text/html').send('<h1>Not here</h1>'));
  app.post(`${API}account/register/`, async (_request, reply) => reply.code(400).send(errors('No such loan')));
  app.post(`${API}account/request_password_reset/`, async () => ({}));
  // signed out is 403, not 401; signed in, the status comes in another shape
  app.get(`${API}go-green/status/`, async (request, reply) =>
    request.headers.authorization === `Token ${'t'.repeat(40)}` ? { email: 'x@example.com', electdocs: 'no' } : reply.code(403).send(errors('Forbidden')),
  );
  // the API open to every site, with credentials
  app.options('*', async (request, reply) =>
    reply.header('access-control-allow-origin', request.headers.origin ?? '*').header('access-control-allow-credentials', 'true').code(204).send(),
  );
  await app.listen({ port: 0, host: '127.0.0.1' });
  return app;
}

describe('npm run contract:check', () => {
  let server: TestServer;
  let base: URL;
  let coacct: string;
  beforeAll(async () => {
    server = await startTestServer({ publicUrl: 'http://127.0.0.1' });
    await server.app.listen({ port: 0, host: '127.0.0.1' });
    base = addressOf(server.app);
    const signedIn = server.client();
    await signedIn.login(dana.username!);
    coacct = pageConfig((await signedIn.get('/loanmanager/go-green/')).body).coacct as string;
  });
  afterAll(async () => {
    await server?.close();
  });

  it('passes against the reference server, read-only, and signed in', async () => {
    const results = await runContractCheck({ base, contract, username: dana.username!, password: DEMO_PASSWORD, loan: coacct });
    expect(results.filter((result) => result.verdict === 'mismatch')).toEqual([]);
    expect(named(results, 'ok')).toEqual(
      expect.arrayContaining([
        'csrf cookie: a page of the servicer issues `csrftoken`, readable by the page',
        'csrf: an unsafe call without X-CSRFToken is refused (403)',
        'csrf: an unsafe call with another X-CSRFToken is refused (403)',
        'cors: another site gets no access to answers',
        'validate_nonce: an unknown nonce is refused',
        'go-green/status: signed out is refused (401)',
        'go-green/status: signed in',
        'user/popup: the popups of the account',
      ]),
    );
    expect(named(results, 'skipped')).toContain('write flows (popups seen, email change, go-green, reset email)');
    // read-only: no reset link, no verification link (signing in sends its notice: the reference server's sign-in)
    const sent = (await server.outbox()).filter((message) => message.to === dana.emailAddress).map((message) => message.subject);
    expect(sent.filter((subject) => !/sign-in/i.test(subject))).toEqual([]);
  });

  it('with --allow-writes, runs the write flows on the test account and passes', async () => {
    const results = await runContractCheck({ base, contract, username: dana.username!, password: DEMO_PASSWORD, loan: coacct, allowWrites: true });
    expect(results.filter((result) => result.verdict === 'mismatch')).toEqual([]);
    expect(named(results, 'ok')).toEqual(
      expect.arrayContaining(['user/request_email_change: the address on file again', 'go-green/opt_in', 'go-green/opt_out', 'user/set_popup_seen: a popup shown']),
    );
    // the account ends as it was: not opted in
    const client = server.client();
    await client.login(dana.username!);
    expect((await client.get(`${API}go-green/status/`)).json()).toMatchObject({ electdocs: false });
  });

  it('fails against a wrong server, naming each break', async () => {
    const wrong = await wrongServer();
    try {
      const results = await runContractCheck({ base: addressOf(wrong), contract, token: 't'.repeat(40) });
      expect(named(results, 'mismatch').sort()).toEqual(
        [
          'cors: another site gets no access to answers',
          'csrf cookie: a page of the servicer issues `csrftoken`, readable by the page',
          'csrf: an unsafe call with another X-CSRFToken is refused (403)',
          'csrf: an unsafe call without X-CSRFToken is refused (403)',
          'go-green/status: signed in',
          'go-green/status: signed out is refused (401)',
          'recover_username: an unknown borrower is refused',
          'reset_password: an unknown nonce is refused',
          'verify_email: an unknown nonce is refused',
        ].sort(),
      );
      const status = results.find((result) => result.name === 'go-green/status: signed in')!;
      expect(status.expected).toContain('email_address: string');
      expect(status.actual).toBe('200 {email: string, electdocs: string}');
      expect(named(results, 'ok')).toEqual(expect.arrayContaining(['register: an unknown borrower is refused', 'validate_nonce: an unknown nonce is refused']));
    } finally {
      await wrong.close();
    }
  });

  it('the CLI prints a line per check, writes JUnit XML and JSON, and exits 1 on a mismatch (0 when all agree)', async () => {
    const wrong = await wrongServer();
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'contract-check-'));
    try {
      // not spawnSync: the servers answer from this process
      const cli = (target: URL) =>
        new Promise<{ status: number | null; stdout: string; stderr: string }>((resolve) => {
          const args = ['tsx', 'scripts/contractCheck.ts', '--base', target.href, '--junit', path.join(dir, 'out.xml'), '--json', path.join(dir, 'out.json')];
          const child = execFile('npx', args, { cwd: REPO_ROOT, encoding: 'utf8', timeout: 60_000 }, (_error, stdout, stderr) => resolve({ status: child.exitCode, stdout, stderr }));
        });
      const failing = await cli(addressOf(wrong));
      expect(failing.status).toBe(1);
      expect(failing.stdout).toMatch(/^MISMATCH {2}reset_password: an unknown nonce is refused \[POST \/loanmanager\/api\/account\/reset_password\/\]: expected 400 \{errors: \[string\]/m);
      expect(failing.stdout).toMatch(/^skipped {3}go-green\/status: signed in: needs a test account/m);
      const report = JSON.parse(fs.readFileSync(path.join(dir, 'out.json'), 'utf8')) as { summary: { mismatches: number } };
      expect(report.summary.mismatches).toBeGreaterThan(3);
      const junit = fs.readFileSync(path.join(dir, 'out.xml'), 'utf8');
      expect(junit).toContain(`failures="${report.summary.mismatches}"`);
      expect(junit).toContain('<testcase classname="widgets-contract" name="verify_email: an unknown nonce is refused"><failure');
      const passing = await cli(base);
      expect({ status: passing.status, stderr: passing.stderr }).toEqual({ status: 0, stderr: '' });
      expect(passing.stdout).toMatch(/ 0 mismatches/);
    } finally {
      await wrong.close();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
