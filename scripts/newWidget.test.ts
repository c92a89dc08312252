/**
 * The "add a widget" recipe (docs/architecture.md) is run here: scripts/newWidget.ts writes a
 * widget's folder into a temporary folder of src/features, which must typecheck and lint.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { writeWidget } from './newWidget';

const ROOT = path.resolve(__dirname, '..');

test('a scaffolded widget typechecks and lints', () => {
  // a name of letters only (widget names are kebab-case words), unique to this run
  const suffix = String(process.pid).replace(/\d/g, (digit) => 'abcdefghij'[Number(digit)] ?? 'a');
  const name = `scaffold-probe-${suffix}`;
  const folder = path.join(ROOT, 'src/features', `scaffoldProbe${suffix[0]?.toUpperCase()}${suffix.slice(1)}`);
  // inside the folder, so the compiler finds node_modules and its types as for the repo's own tsconfig
  const tsconfig = path.join(folder, 'tsconfig.json');
  try {
    const files = writeWidget(name, folder);
    fs.writeFileSync(tsconfig, JSON.stringify({ extends: path.join(ROOT, 'tsconfig.json'), include: [], files }));
    const typecheck = spawnSync(path.join(ROOT, 'node_modules/.bin/tsc'), ['--noEmit', '-p', tsconfig], { cwd: ROOT, encoding: 'utf8' });
    expect(typecheck.stdout + typecheck.stderr).toBe('');
    expect(typecheck.status).toBe(0);
    // in a process of its own: ESLint loads its flat config by a dynamic import jest's VM refuses
    const lint = spawnSync(path.join(ROOT, 'node_modules/.bin/eslint'), ['--max-warnings=0', ...files], { cwd: ROOT, encoding: 'utf8' });
    expect(lint.stdout + lint.stderr).toBe('');
    expect(lint.status).toBe(0);
  } finally {
    fs.rmSync(folder, { recursive: true, force: true });
  }
});
