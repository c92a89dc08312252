/**
 * `npm run test:pg [jest paths…]`: the server suite (or the paths given) on PostgreSQL, each
 * test server on a fresh schema of TEST_DATABASE_URL (or DATABASE_URL). Without either, as root
 * on a machine with Debian's postgresql installed, it starts a throwaway cluster on 127.0.0.1 for
 * the run; otherwise it says in one line what it needs and exits 1.
 */
import { spawnSync } from 'node:child_process';
import { Client } from 'pg';
import { startThrowawayCluster } from './throwawayPostgres';

const NEEDS =
  'test:pg needs a PostgreSQL database: set TEST_DATABASE_URL=postgres://user:password@127.0.0.1:5432/dbname ' +
  '(a user allowed to create schemas there), or run it as root with Debian\'s postgresql installed ' +
  '(apt-get install postgresql) to get a throwaway cluster.';
async function reachable(url: string): Promise<string | null> {
  const client = new Client({ connectionString: url, connectionTimeoutMillis: 5_000 });
  try {
    await client.connect();
    await client.query('SELECT 1');
    return null;
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  } finally {
    await client.end().catch(() => undefined);
  }
}

async function main(): Promise<number> {
  let url = process.env.TEST_DATABASE_URL || process.env.DATABASE_URL || null;
  let cluster: ReturnType<typeof startThrowawayCluster> = null;
  if (!url) {
    try {
      cluster = startThrowawayCluster();
    } catch (error) {
      process.stderr.write(`${NEEDS} (starting a throwaway cluster failed: ${error instanceof Error ? error.message : String(error)})\n`);
      return 1;
    }
    if (!cluster) {
      process.stderr.write(`${NEEDS}\n`);
      return 1;
    }
    url = cluster.url;
  }
  try {
    const problem = await reachable(url);
    if (problem) {
      // the address is not printed: it may hold a password
      process.stderr.write(`${NEEDS} (the database given is not reachable: ${problem})\n`);
      return 1;
    }
    const paths = process.argv.slice(2);
    // --forceExit: on PostgreSQL, operations.test.ts's shutdown that gives up waiting leaves a
    // handle open after its tests pass; a hung CI run would say nothing more useful than that.
    const args = ['jest', ...(paths.length > 0 ? paths : ['server']), '--selectProjects', 'server', '--forceExit'];
    const jest = spawnSync('npx', args, {
      stdio: 'inherit',
      env: { ...process.env, TEST_DATABASE_URL: url },
    });
    return jest.status ?? 1;
  } finally {
    cluster?.stop();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    process.stderr.write(`test:pg failed: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  },
);
