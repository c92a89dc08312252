/**
 * A throwaway PostgreSQL cluster for tests and benchmarks: as root, with Debian's postgresql
 * installed, initdb into a temporary folder owned by the postgres user, listening on loopback only.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const THROWAWAY_PORT = 55439;

function asPostgres(command: string) {
  const result = spawnSync('su', ['postgres', '-c', command], { encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`${command.split(' ')[0]} failed: ${result.stderr.trim().split('\n').pop() ?? ''}`);
}

/** A cluster in a temporary folder, owned by the postgres user, listening on loopback only. */
export function startThrowawayCluster(port: number = THROWAWAY_PORT): { url: string; stop: () => void } | null {
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
        `-o "-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off" start`,
    );
    asPostgres(`${bin}/createdb -h 127.0.0.1 -p ${port} -U postgres loanmanager_test`);
  } catch (error) {
    stop();
    throw error;
  }
  process.stdout.write(`== started a throwaway PostgreSQL cluster on 127.0.0.1:${port}\n`);
  return { url: `postgres://postgres@127.0.0.1:${port}/loanmanager_test`, stop };
}

