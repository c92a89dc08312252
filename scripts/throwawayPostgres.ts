/**
 * A throwaway PostgreSQL cluster for tests and benchmarks: as root, with Debian's postgresql
 * installed, initdb into a temporary folder owned by the postgres user, listening on loopback only.
 * The portal connects as `loanmanager`, a role that owns its database and nothing more (not a
 * superuser), as a servicer's deployment would.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

// Below Linux's ephemeral range (32768-60999), so no client connection of another stage holds it.
const THROWAWAY_PORT = 25439;
const PORTS_TRIED = 5;

function asPostgres(command: string): { ok: boolean; stderr: string } {
  const result = spawnSync('su', ['postgres', '-c', command], { encoding: 'utf8' });
  return { ok: result.status === 0, stderr: `${result.stderr ?? ''}${result.stdout ?? ''}`.trim() };
}

function must(command: string) {
  const { ok, stderr } = asPostgres(command);
  if (!ok) throw new Error(`${command.split(' ')[0]} failed: ${stderr.split('\n').pop() ?? ''}`);
}

/** The server log's last lines: why a start failed (it holds no data, only the server's own words). */
function logTail(file: string): string {
  const text = fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : '(no server log written)';
  return text.trim().split('\n').slice(-15).join('\n');
}

/** A running throwaway cluster: its address, its end, and what a test needs to stop and start it again. */
export interface ThrowawayCluster {
  url: string;
  stop: () => void;
  /** PostgreSQL's programs (pg_ctl, psql, pg_isready). */
  bin: string;
  /** The data folder (pg_ctl -D), the server's log (pg_ctl -l) and its port. */
  data: string;
  log: string;
  port: number;
  /** pg_ctl start's -o: the same port, socket folder and settings as the first start. */
  serverOptions: string;
}

/**
 * A cluster in a temporary folder; the first of `port` and the next few that is free. Throws with
 * the server's log when the cluster cannot start; null when this machine cannot make one.
 */
export function startThrowawayCluster(port: number = THROWAWAY_PORT): ThrowawayCluster | null {
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
  const log = path.join(dir, 'server.log');
  const stop = () => {
    spawnSync('su', ['postgres', '-c', `${bin}/pg_ctl -D ${data} -m immediate stop`], { stdio: 'ignore' });
    fs.rmSync(dir, { recursive: true, force: true });
  };
  try {
    must(`${bin}/initdb -D ${data} -A trust -U postgres --no-sync`);
    let started = -1;
    // fsync off: a test cluster lost in a crash is simply made again
    const serverOptions = (candidate: number) => `-p ${candidate} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off`;
    for (let candidate = port; candidate < port + PORTS_TRIED && started < 0; candidate += 1) {
      fs.rmSync(log, { force: true });
      const { ok, stderr } = asPostgres(`${bin}/pg_ctl -D ${data} -w -t 120 -l ${log} -o "${serverOptions(candidate)}" start`);
      if (ok) started = candidate;
      else if (!/already in use/.test(logTail(log))) {
        throw new Error(`pg_ctl start failed (${stderr.split('\n').pop() ?? ''}); the server's log:\n${logTail(log)}`);
      }
    }
    if (started < 0) throw new Error(`ports ${port}-${port + PORTS_TRIED - 1} are all in use; the server's log:\n${logTail(log)}`);
    const psql = `${bin}/psql -h 127.0.0.1 -p ${started} -U postgres -q -v ON_ERROR_STOP=1`;
    must(`${psql} -c "CREATE ROLE loanmanager LOGIN" -c "CREATE DATABASE loanmanager_test OWNER loanmanager"`);
    process.stdout.write(`== started a throwaway PostgreSQL cluster on 127.0.0.1:${started}\n`);
    return { url: `postgres://loanmanager@127.0.0.1:${started}/loanmanager_test`, stop, bin, data, log, port: started, serverOptions: serverOptions(started) };
  } catch (error) {
    stop();
    throw error;
  }
}
