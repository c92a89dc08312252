/**
 * `npm start`: builds the portal with webpack when the build is missing or older than any file
 * in src/, then starts the reference server (server/main.ts).
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { main } from '../server/main';
import { newestMtime } from './freshness';

const root = path.resolve(__dirname, '..');
const loader = path.join(root, 'dist', 'static', 'loanmanager-widgets.js');

/** Why the build must run, or null when it is up to date. */
export function staleReason(loaderPath: string, sourceDirs: string[]): string | null {
  if (!fs.existsSync(loaderPath)) return 'the portal has not been built yet';
  const built = fs.statSync(loaderPath).mtimeMs;
  const changed = sourceDirs.some((dir) => newestMtime(dir) > built);
  return changed ? 'src/ changed since the last build' : null;
}

function buildIfNeeded() {
  const reason = staleReason(loader, [path.join(root, 'src')]);
  if (!reason) return;
  if (!fs.existsSync(path.join(root, 'webpack.config.ts'))) {
    process.stderr.write(`Warning: ${reason}, and there is no webpack.config.ts to build it with.\n`);
    return;
  }
  process.stdout.write(`Building the portal (${reason})...\n`);
  const result = spawnSync('npx', ['webpack', '--mode', 'production'], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) {
    process.stderr.write('The webpack build failed; starting the server with the previous build, if any.\n');
  }
}

if (require.main === module) {
  buildIfNeeded();
  main().catch((error: unknown) => {
    process.stderr.write(`Could not start the server: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  });
}
