/**
 * Whether a build is older than its sources, and the one portal build when it is: npm start, the e2e
 * suite's global setup, the screens script and the benchmarks all call `buildPortalIfStale`.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(__dirname, '..');
const PORTAL_LOADER = path.join(root, 'dist', 'static', 'loanmanager-widgets.js');

/** The newest modification time of `entry`, or of any file under it when it is a folder (0 when there is none). */
export function newestMtime(entry: string): number {
  if (!fs.existsSync(entry)) return 0;
  if (!fs.statSync(entry).isDirectory()) return fs.statSync(entry).mtimeMs;
  let newest = 0;
  for (const child of fs.readdirSync(entry, { withFileTypes: true })) {
    const full = path.join(entry, child.name);
    if (child.isDirectory()) newest = Math.max(newest, newestMtime(full));
    else if (child.isFile()) newest = Math.max(newest, fs.statSync(full).mtimeMs);
  }
  return newest;
}

/** Why the portal's build must run (missing, or older than a file of the source folders), or null when it is up to date. */
export function staleReason(loaderPath: string, sourceDirs: string[]): string | null {
  if (!fs.existsSync(loaderPath)) return 'the portal has not been built yet';
  const built = fs.statSync(loaderPath).mtimeMs;
  const changed = sourceDirs.some((dir) => newestMtime(dir) > built);
  return changed ? 'src/ changed since the last build' : null;
}

/**
 * Builds dist/static (webpack, production, as `npm run build` does) when it is missing or older than
 * src/; `log` is told why first. Throws when webpack fails.
 */
export function buildPortalIfStale(log: (line: string) => void = (line) => process.stdout.write(`${line}\n`)): void {
  const reason = staleReason(PORTAL_LOADER, [path.join(root, 'src')]);
  if (!reason) return;
  log(`Building the portal (${reason})...`);
  execFileSync('npx', ['webpack', '--mode', 'production'], { cwd: root, stdio: 'inherit' });
}
