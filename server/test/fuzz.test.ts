/**
 * HTTP fuzzing with fast-check, a fixed seed: 2,000 generated requests over every route the server
 * registered (methods x paths with their parameters filled, odd spellings of the path, malformed
 * JSON, wrong types, huge strings, unicode, prototype keys, odd headers and content types, query
 * strings, signed in or not), sent through `app.inject` (loopback only). The generators and the
 * invariants are in ./fuzz/corpus.ts; `npm run fuzz -- --runs N` runs them longer and prints figures.
 *
 * The server logs at info, the production default, so the request serializer runs on every request.
 */
import { API, startTestServer, type TestServer } from './harness';
import { RULES, formatReport, runFuzz, type FuzzReport } from './fuzz/corpus';

const SEED = 20_260_210;
const RUNS = 2_000;

let server: TestServer;
let report: FuzzReport | undefined;

beforeAll(async () => {
  server = await startTestServer({ logLevel: 'info' });
});
afterAll(async () => {
  await server?.close();
});

function theReport(): FuzzReport {
  if (!report) throw new Error('the fuzz run did not complete (see the first test)');
  return report;
}

/** The violations of these rules, as readable lines (count, then the first examples). */
function broken(...rules: string[]): string[] {
  return Object.entries(theReport().violations)
    .filter(([rule]) => rules.includes(rule))
    .map(
      ([rule, group]) =>
        `${rule}: broken ${group.count} times, e.g.\n` +
        group.examples.map((example) => `  ${example.status ?? '-'} ${example.request}\n    -> ${example.detail}`).join('\n'),
    );
}

describe(`fuzz: ${RUNS} generated requests, seed ${SEED}`, () => {
  it('sends them all, over every registered route, and reaches every route handler', async () => {
    report = await runFuzz(server, { seed: SEED, runs: RUNS, timeoutMs: 3_000, maxUnanswered: 3 });
    const summary = formatReport(report);
    expect({ requests: report.requests, abandoned: report.abandoned, summary }).toEqual({
      requests: RUNS,
      abandoned: false,
      summary,
    });
    // the route list is the real one (the spec's API calls are all in it)
    const routes = Object.keys(report.coverage);
    for (const call of ['POST account/register/', 'POST go-green/opt_out/', 'GET go-green/status/', 'POST user/set_popup_seen/']) {
      const [method, path] = call.split(' ');
      expect(routes).toContainEqual(expect.stringMatching(new RegExp(`^${method} ${API}${path!.replace(/\/$/, '')}/?$`)));
    }
    const notReached = Object.entries(report.coverage)
      .filter(([, entry]) => entry.reached === 0)
      .map(([route, entry]) => `${route} (${entry.sent} sent)`);
    expect(notReached).toEqual([]);
    // more than the server project's 120 s: 2,000 requests, each allowed 3 s unanswered
  }, 180_000);

  it('never answers 5xx, always answers, and no exception escapes the request pipeline', () => {
    expect(broken(RULES.serverError, RULES.noAnswer, RULES.uncaught)).toEqual([]);
  });

  it("answers JSON under /loanmanager/api/ (however the path is spelled), every error as {errors: [strings]}", () => {
    expect(broken(RULES.apiJson, RULES.apiErrors)).toEqual([]);
  });

  it('never shows a stack trace, a server path, or a file from outside the static folders', () => {
    expect(broken(RULES.leak)).toEqual([]);
  });

  it('never lets an unsafe API request made with cookies succeed without the right CSRF token or from another site', () => {
    expect(broken(RULES.csrf)).toEqual([]);
  });

  it('logged nothing at level error', () => {
    expect(theReport().errorLogLines).toEqual([]);
  });

  it('keeps answering: after the run a new browser signs in and reads its status', async () => {
    const client = server.client();
    expect((await client.get('/loanmanager/login/')).statusCode).toBe(200);
    await client.login('dana.demo');
    const status = await client.get(`${API}go-green/status/`);
    expect(status.statusCode).toBe(200);
    expect(status.json()).toMatchObject({ email_address: 'dana.demo@example.com' });
  });
});
