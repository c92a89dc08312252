/**
 * `npm run contract:check -- --base https://servicer.example/loanmanager/api/ [--username U --password P | --token T]
 * [--loan COACCT] [--page URL] [--allow-writes] [--junit out.xml] [--json out.json] [--contract file]`
 * (or `npx tsx scripts/contractCheck.ts …` from a clone after `npm ci`: nothing to build).
 * Checks a servicer's server against docs/api/widgets-contract.json with the widgets' own requests
 * (scripts/contractCheck/); one line per check; exits 1 on a mismatch, 2 on a usage error.
 * docs/servicer-integration.md.
 */
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import type { OpenAPIV3_1 } from 'openapi-types';
import { runContractCheck } from './contractCheck/checks';
import { jsonReport, junitReport, lineOf, summaryOf } from './contractCheck/reports';

const USAGE =
  'usage: npm run contract:check -- --base https://servicer.example/loanmanager/api/ [--username U --password P | --token T] ' +
  '[--loan COACCT] [--page URL] [--allow-writes] [--junit out.xml] [--json out.json] [--contract docs/api/widgets-contract.json]';

async function main(): Promise<number> {
  let values;
  try {
    ({ values } = parseArgs({
      options: {
        base: { type: 'string' },
        username: { type: 'string' },
        password: { type: 'string' },
        token: { type: 'string' },
        loan: { type: 'string' },
        page: { type: 'string' },
        'allow-writes': { type: 'boolean', default: false },
        junit: { type: 'string' },
        json: { type: 'string' },
        contract: { type: 'string', default: path.join(__dirname, '..', 'docs', 'api', 'widgets-contract.json') },
      },
    }));
  } catch (error) {
    console.error(`${error instanceof Error ? error.message : String(error)}\n${USAGE}`);
    return 2;
  }
  if (!values.base || !URL.canParse(values.base)) {
    console.error(USAGE);
    return 2;
  }
  // the password is read from the environment when not given (it stays out of shell history)
  const password = values.password ?? process.env.CONTRACT_CHECK_PASSWORD;
  const base = new URL(values.base.endsWith('/') ? values.base : `${values.base}/`);
  const contract = JSON.parse(fs.readFileSync(values.contract, 'utf8')) as OpenAPIV3_1.Document;
  const results = await runContractCheck({
    base,
    contract,
    ...(values.page ? { page: new URL(values.page) } : {}),
    ...(values.username ? { username: values.username } : {}),
    ...(password ? { password } : {}),
    ...(values.token ? { token: values.token } : {}),
    ...(values.loan ? { loan: values.loan } : {}),
    allowWrites: values['allow-writes'],
  });
  for (const result of results) console.log(lineOf(result));
  const summary = summaryOf(results);
  console.log(`\n${summary.checks} checks: ${summary.ok} ok, ${summary.mismatches} mismatches, ${summary.skipped} skipped (${base.href} against ${path.relative(process.cwd(), values.contract)})`);
  if (values.junit) fs.writeFileSync(values.junit, junitReport(base, results));
  if (values.json) fs.writeFileSync(values.json, jsonReport(base, results));
  return summary.mismatches > 0 ? 1 : 0;
}

// RTK Query's cache timers would hold the process open for a minute: exit once the lines are out
void main().then((code) => {
  process.stdout.write('', () => process.exit(code));
});
