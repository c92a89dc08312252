/**
 * The long fuzz run: `npm run fuzz -- --runs 50000 [--seed 123] [--production] [--shrink]`.
 *
 * Starts a test server (a temporary folder, the harness's settings; `--production` for production
 * mode with a fake mail transport), sends the generated requests of ./corpus.ts through
 * `app.inject` (loopback only, nothing listens) and prints the figures: requests, time, statuses
 * seen, latency (p50, p99, max), routes reached, and every violation with examples to replay.
 * With `--shrink`, a failing run is followed by fast-check's own run of the same seed, which
 * reduces the first failing request to a minimal one. Exits 1 when a rule was broken.
 */
import { parseArgs } from 'node:util';
import fc from 'fast-check';
import { startTestServer } from '../harness';
import { describeRequest, formatReport, openFuzzSession, requestArbitrary, runFuzz } from './corpus';

/** The report goes to standard output (progress goes to standard error). */
const print = (text: string) => process.stdout.write(`${text}\n`);

type StartOverrides = NonNullable<Parameters<typeof startTestServer>[0]>;

async function main() {
  const { values } = parseArgs({
    options: {
      runs: { type: 'string', default: '20000' },
      seed: { type: 'string' },
      production: { type: 'boolean', default: false },
      shrink: { type: 'boolean', default: false },
      timeout: { type: 'string', default: '5000' },
    },
  });
  const runs = Number(values.runs);
  const seed = values.seed === undefined ? Math.floor(Math.random() * 2 ** 31) : Number(values.seed);
  const timeoutMs = Number(values.timeout);
  if (!Number.isInteger(runs) || runs < 1) throw new Error(`--runs must be a positive whole number, not ${values.runs}`);
  if (!Number.isInteger(seed)) throw new Error(`--seed must be a whole number, not ${values.seed}`);

  const mails: unknown[] = [];
  const overrides = {
    // info, the production default: the request serializer runs on every request
    logLevel: 'info',
    ...(values.production
      ? {
          production: true,
          seedDemoData: true,
          mailTransport: {
            sendMail: async (message: unknown) => {
              mails.push(message);
              return {};
            },
          },
        }
      : {}),
  } as StartOverrides;
  const server = await startTestServer(overrides);
  print(`fuzz: ${runs} requests, seed ${seed}, ${values.production ? 'production' : 'development'} mode, server in ${server.dir}`);
  let failed = false;
  try {
    let lastPrinted = 0;
    const report = await runFuzz(server, {
      seed,
      runs,
      timeoutMs,
      maxUnanswered: 20,
      examples: 5,
      catchUncaught: true,
      onProgress: (done, total) => {
        const percent = Math.floor((done / total) * 10) * 10;
        if (percent > lastPrinted) {
          lastPrinted = percent;
          process.stderr.write(`  ${percent}% (${done}/${total})\n`);
        }
      },
    });
    print(formatReport(report));
    if (values.production) print(`mails handed to the fake transport: ${mails.length}`);
    failed = Object.keys(report.violations).length > 0 || report.errorLogLines.length > 0;

    if (failed && values.shrink) {
      print('shrinking the first failure (fast-check, same seed)...');
      const session = await openFuzzSession(server, { timeoutMs, catchUncaught: true });
      try {
        const details = await fc.check(
          fc.asyncProperty(requestArbitrary(session.routes), async (request) => (await session.send(request)).violations.length === 0),
          { seed, numRuns: runs, interruptAfterTimeLimit: 120_000 },
        );
        const counterexample = details.counterexample?.[0];
        print(
          counterexample
            ? `minimal failing request after ${details.numShrinks} shrinks: ${describeRequest(counterexample)}`
            : 'fast-check found no failing request with this seed',
        );
      } finally {
        session.close();
      }
    }
  } finally {
    await server.close();
  }
  process.exitCode = failed ? 1 : 0;
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 2;
});
