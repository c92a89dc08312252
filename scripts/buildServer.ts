/**
 * `npm run build:server` (and the end of `npm run build`): the server compiled to JavaScript into
 * dist/server/ (tsconfig.server.json), started in production with
 * `node dist/server/server/main.js` (docs/deploy.md). The old output is removed first, so a
 * deleted source file leaves nothing behind.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { newestMtime } from './freshness';

const root = path.resolve(__dirname, '..');
export const SERVER_BUILD_DIR = path.join(root, 'dist', 'server');
/** The compiled entry point. */
export const COMPILED_MAIN = path.join(SERVER_BUILD_DIR, 'server', 'main.js');

/** Why the compiled server is out of date (missing, or older than a file of server/ or src/), or null. */
export function serverBuildStale(): string | null {
  if (!fs.existsSync(COMPILED_MAIN)) return 'the server has not been compiled yet';
  const built = fs.statSync(COMPILED_MAIN).mtimeMs;
  // server/test is not compiled: a test's edit leaves the build current
  const serverFiles = fs.readdirSync(path.join(root, 'server')).filter((name) => name !== 'test').map((name) => path.join('server', name));
  const sources = [...serverFiles, 'src', 'tsconfig.server.json', 'tsconfig.json'].map((entry) => path.join(root, entry));
  const changed = sources.some((source) => newestMtime(source) > built);
  return changed ? 'server/ or src/ changed since the server was compiled' : null;
}

/** Compiles the server; throws with tsc's output when it fails. */
export function buildServer(): void {
  fs.rmSync(SERVER_BUILD_DIR, { recursive: true, force: true });
  const tsc = require.resolve('typescript/bin/tsc');
  // Types are checked by `npm run typecheck`; this only emits (half the time).
  const result = spawnSync(process.execPath, [tsc, '-p', path.join(root, 'tsconfig.server.json'), '--noCheck'], {
    cwd: root,
    encoding: 'utf8',
  });
  if (result.status !== 0) throw new Error(`tsc -p tsconfig.server.json failed:\n${result.stdout}${result.stderr}`);
  copyPlainWorkers(path.join(root, 'server'), path.join(SERVER_BUILD_DIR, 'server'));
}

/** Worker files written as plain CommonJS (`*.cjs`, e.g. passwordHashWorker.cjs), which tsc does not emit: copied beside the compiled code that loads them by `__dirname`. */
function copyPlainWorkers(from: string, to: string): void {
  for (const entry of fs.readdirSync(from, { withFileTypes: true })) {
    if (entry.isDirectory() && entry.name !== 'test') copyPlainWorkers(path.join(from, entry.name), path.join(to, entry.name));
    else if (entry.isFile() && entry.name.endsWith('.cjs')) {
      fs.mkdirSync(to, { recursive: true });
      fs.copyFileSync(path.join(from, entry.name), path.join(to, entry.name));
    }
  }
}

if (require.main === module) {
  const started = Date.now();
  buildServer();
  process.stdout.write(`Compiled the server into ${path.relative(root, SERVER_BUILD_DIR)}/ in ${((Date.now() - started) / 1000).toFixed(1)} s\n`);
}
