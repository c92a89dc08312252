import path from 'node:path';
import { buildImportGraph, findCycles, moduleSpecifiers, ROOT, type ImportGraph } from './importGraph';

const graphOf = (edges: Record<string, string[]>): ImportGraph =>
  new Map(Object.entries(edges).map(([file, targets]) => [file, new Set(targets)]));

describe('the import graph', () => {
  it('has no cycle, type-only and dynamic imports counted', () => {
    const cycles = findCycles(buildImportGraph()).map((cycle) => cycle.map((file) => path.relative(ROOT, file)));
    expect(cycles).toEqual([]);
  });

  it('counts every kind of import: value, type-only, re-export, dynamic and import types', () => {
    const text = [
      "import { a } from './a';",
      "import type { B } from './b';",
      "export { c } from './c';",
      "export type { D } from './d';",
      "const e = () => import('./e');",
      "type F = import('./f').F;",
      "import './g';",
    ].join('\n');
    expect(moduleSpecifiers('probe.ts', text)).toEqual(['./a', './b', './c', './d', './e', './f', './g']);
  });

  it('finds each circle once, and a file that imports itself', () => {
    const graph = graphOf({ a: ['b'], b: ['c'], c: ['a', 'd'], d: [], e: ['e'], f: ['a'] });
    expect(findCycles(graph)).toEqual([['a', 'b', 'c'], ['e']]);
  });
});
