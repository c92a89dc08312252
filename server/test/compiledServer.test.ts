/**
 * Production runs the compiled server (docs/deploy.md): dist/server/server/main.js under node
 * alone, no tsx and no jest transform. It is compiled here only when missing or older than its
 * sources (server part only: `npm run build:server`), otherwise `npm run build`'s output is used.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildServer, COMPILED_MAIN, SERVER_BUILD_DIR, serverBuildStale } from '../../scripts/buildServer';
import { DEMO_PASSWORD } from '../db/seed';
import { describeOnSqlite, PRODUCTION_ENV, REPO_ROOT } from './harness';

const BUILD_TIMEOUT_MS = 180_000;

/** What a production instance is given (docs/deploy.md), on SQLite in a temporary folder. */
function productionEnv(dir: string): NodeJS.ProcessEnv {
  return {
    PATH: process.env.PATH,
    ...PRODUCTION_ENV,
    PORT: '0',
    DATABASE_PATH: path.join(dir, 'portal.sqlite'),
    INSTANCE_ID: 'compiled-1',
    // someone to sign in as: the password is hashed by the worker file the build copies
    SEED_DEMO_DATA: '1',
  };
}

/** The listening address from pino's "Server listening at http://…" line. */
function listeningUrl(child: ChildProcess): Promise<string> {
  return new Promise((resolve, reject) => {
    let output = '';
    const onData = (chunk: Buffer) => {
      output += chunk.toString('utf8');
      const found = /Server listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(output);
      if (found) {
        child.stdout?.off('data', onData);
        resolve(found[1]!);
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
    child.once('exit', (code) => reject(new Error(`the compiled server exited (${code}) before listening:\n${output}`)));
  });
}

function exitCode(child: ChildProcess): Promise<number | null> {
  return child.exitCode !== null ? Promise.resolve(child.exitCode) : new Promise((resolve) => child.once('exit', resolve));
}

describeOnSqlite('the compiled server', () => {
  let dir = '';
  beforeAll(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'loanmanager-compiled-'));
    if (serverBuildStale()) buildServer();
  }, BUILD_TIMEOUT_MS);
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('holds every server file, a worker thread file too though main.ts does not import it', () => {
    const sources: string[] = [];
    const walk = (folder: string) => {
      for (const entry of fs.readdirSync(folder, { withFileTypes: true })) {
        const full = path.join(folder, entry.name);
        if (entry.isDirectory() && entry.name !== 'test') walk(full);
        else if (entry.isFile() && /\.(ts|cjs)$/.test(entry.name)) sources.push(path.relative(REPO_ROOT, full));
      }
    };
    walk(path.join(REPO_ROOT, 'server'));
    // a .ts compiles to its .js; a worker written as plain CommonJS (passwordHashWorker.cjs) is copied as it is
    const missing = sources.filter((source) => !fs.existsSync(path.join(SERVER_BUILD_DIR, source.replace(/\.ts$/, '.js'))));
    expect(sources).toContain(path.join('server', 'auth', 'passwordHashWorker.cjs'));
    expect(sources.length).toBeGreaterThan(40);
    expect(missing).toEqual([]);
    expect(fs.existsSync(path.join(SERVER_BUILD_DIR, 'server', 'test'))).toBe(false);
  });

  it('finds the files it reads at run time from the checkout, not from dist/server', () => {
    const script = `
      const { optionsFromEnv } = require('./server/config.js');
      const { serverRenderFileOf } = require('./server/pages/firstViewRenderer.js');
      const options = optionsFromEnv({});
      console.log(JSON.stringify({ staticDir: options.staticDir, disclosuresPath: options.disclosuresPath,
        databasePath: options.databasePath, render: serverRenderFileOf(options.staticDir) }));`;
    const result = spawnSync(process.execPath, ['-e', script], { cwd: SERVER_BUILD_DIR, env: { PATH: process.env.PATH }, encoding: 'utf8' });
    expect(result.stderr).toBe('');
    expect(JSON.parse(result.stdout)).toEqual({
      staticDir: path.join(REPO_ROOT, 'dist', 'static'),
      disclosuresPath: path.join(REPO_ROOT, 'server', 'content', 'disclosures.html'),
      databasePath: path.join(REPO_ROOT, 'var', 'loanmanager.sqlite'),
      render: path.join(REPO_ROOT, 'dist', 'ssr', 'render.js'),
    });
    expect(fs.existsSync(path.join(REPO_ROOT, 'server', 'content', 'disclosures.html'))).toBe(true);
  });

  it(
    'starts under node alone in production, answers its probes and a page, and stops on SIGTERM',
    async () => {
      const child = spawn(process.execPath, [COMPILED_MAIN], { cwd: os.tmpdir(), env: productionEnv(dir), stdio: ['ignore', 'pipe', 'pipe'] });
      try {
        const base = await listeningUrl(child);
        const healthz = await fetch(`${base}/loanmanager/healthz`);
        expect(healthz.status).toBe(200);
        expect(await healthz.json()).toEqual({ status: 'ok' });
        // the migrations ran from the compiled files
        const readyz = await fetch(`${base}/loanmanager/readyz`);
        expect(readyz.status).toBe(200);
        // a sign-in: its password is checked on the hashing pool's worker (passwordHashWorker.cjs, copied by the build)
        const firstPage = await fetch(`${base}/loanmanager/login/`);
        const csrf = /csrftoken=([^;]+)/.exec(firstPage.headers.getSetCookie().join('; '))?.[1] ?? '';
        const signIn = await fetch(`${base}/loanmanager/api/account/login/`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', cookie: `csrftoken=${csrf}`, 'x-csrftoken': csrf },
          body: JSON.stringify({ username: 'dana.demo', password: DEMO_PASSWORD }),
        });
        expect(signIn.status).toBe(200);
        // a page in Spanish: its texts come from the JSON catalogs beside the compiled src/
        const login = await fetch(`${base}/loanmanager/login/`, { headers: { cookie: 'lm_locale=es' } });
        expect(login.status).toBe(200);
        expect(await login.text()).toMatch(/^<!doctype html><html lang="es">[^]*<title>Iniciar sesión/);
        child.kill('SIGTERM');
        expect(await exitCode(child)).toBe(0);
      } finally {
        if (child.exitCode === null) child.kill('SIGKILL');
      }
    },
    30_000,
  );
});
