/**
 * `npm run test:pg [jest paths…]`: the server suite (or the paths given) on PostgreSQL, each
 * test server on a fresh schema of TEST_DATABASE_URL (or DATABASE_URL). Without either, as root
 * on a machine with Debian's postgresql installed, it starts a throwaway cluster on 127.0.0.1 for
 * the run; otherwise it says in one line what it needs and exits 1.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Client } from 'pg';

const NEEDS =
  'test:pg needs a PostgreSQL database: set TEST_DATABASE_URL=postgres://user:password@127.0.0.1:5432/dbname ' +
  '(a user allowed to create schemas there), or run it as root with Debian\'s postgresql installed ' +
  '(apt-get install postgresql) to get a throwaway cluster.';
const THROWAWAY_PORT = 55439;

function asPostgres(command: string) {
  const result = spawnSync('su', ['postgres', '-c', command], { encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`${command.split(' ')[0]} failed: ${result.stderr.trim().split('\n').pop() ?? ''}`);
}

/** A cluster in a temporary folder, owned by the postgres user, listening on loopback only. */
function startThrowawayCluster(): { url: string; stop: () => void } | null {
  if (process.getuid?.() !== 0 || !fs.existsSync('/usr/lib/postgresql')) return null;
  const bin = fs
    .readdirSync('/usr/lib/postgresql')
    .sort((a, b) => Number(b) - Number(a))
    .map((version) => path.join('/usr/lib/postgresql', version, 'bin'))
    .find((candidate) => fs.existsSync(path.join(candidate, 'initdb')));
  if (!bin) return null;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'loanmanager-pg-'));
  fs.chmodSync(dir, 0o755);
  spawnSync('chown', ['postgres', dir]);
  const data = path.join(dir, 'data');
  const stop = () => {
    spawnSync('su', ['postgres', '-c', `${bin}/pg_ctl -D ${data} -m immediate stop`], { stdio: 'ignore' });
    fs.rmSync(dir, { recursive: true, force: true });
  };
  try {
    asPostgres(`${bin}/initdb -D ${data} -A trust -U postgres --no-sync`);
    // fsync off: a test cluster lost in a crash is simply made again
    asPostgres(
      `${bin}/pg_ctl -D ${data} -w -l ${dir}/server.log ` +
        `-o "-p ${THROWAWAY_PORT} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off" start`,
    );
    asPostgres(`${bin}/createdb -h 127.0.0.1 -p ${THROWAWAY_PORT} -U postgres loanmanager_test`);
  } catch (error) {
    stop();
    throw error;
  }
  process.stdout.write(`== test:pg: started a throwaway PostgreSQL cluster on 127.0.0.1:${THROWAWAY_PORT}\n`);
  return { url: `postgres://postgres@127.0.0.1:${THROWAWAY_PORT}/loanmanager_test`, stop };
}

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
