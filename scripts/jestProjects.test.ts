/**
 * Every test file of the repository runs in `npm run test:unit`: a file that no jest project matches
 * (or that two match) is a test that can never fail. The e2e suites have their own configs.
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';

const ROOT = path.resolve(__dirname, '..');

it('runs every test file once, in one jest project', () => {
  const tracked = spawnSync('git', ['ls-files', '--cached', '--others', '--exclude-standard', '*.test.ts', '*.test.tsx'], { cwd: ROOT, encoding: 'utf8' })
    .stdout.split('\n')
    .filter((file) => file && !file.startsWith('e2e/'))
    .sort();
  const listed = spawnSync('npx', ['jest', '--listTests', '--json'], { cwd: ROOT, encoding: 'utf8' });
  const run = (JSON.parse(listed.stdout) as string[]).map((file) => path.relative(ROOT, file)).sort();
  expect(tracked.length).toBeGreaterThan(100);
  expect(run).toEqual(tracked);
});
