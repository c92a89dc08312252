/**
 * The import graph of our own TypeScript files, resolved the way the compiler resolves them
 * (tsconfig.json), counting every kind of import: value, type-only (`import type`, `export type`),
 * re-exports and dynamic `import()`. `npx tsx scripts/importGraph.ts` prints its cycles
 * (strongly connected components of more than one file, and files that import themselves);
 * scripts/importGraph.test.ts keeps them at zero. ESLint's `import-x/no-cycle` checks the same
 * while editing, but it skips type-only imports; this counts them.
 */
import path from 'node:path';
import ts from 'typescript';

export const ROOT = path.resolve(__dirname, '..');

export type ImportGraph = Map<string, Set<string>>;

function compilerOptions(root: string): ts.CompilerOptions {
  const configPath = path.join(root, 'tsconfig.json');
  const read = ts.readConfigFile(configPath, (file) => ts.sys.readFile(file));
  if (read.error) throw new Error(ts.flattenDiagnosticMessageText(read.error.messageText, '\n'));
  return ts.parseJsonConfigFileContent(read.config, ts.sys, root).options;
}

/** Every module specifier a file names: static, type-only, re-exported or dynamically imported. */
export function moduleSpecifiers(fileName: string, text: string): string[] {
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, false);
  const specifiers: string[] = [];
  const visit = (node: ts.Node) => {
    if ((ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier)) {
      specifiers.push(node.moduleSpecifier.text);
    } else if (ts.isImportEqualsDeclaration(node) && ts.isExternalModuleReference(node.moduleReference)) {
      const expression = node.moduleReference.expression;
      if (ts.isStringLiteral(expression)) specifiers.push(expression.text);
    } else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) {
      const [argument] = node.arguments;
      if (argument && ts.isStringLiteralLike(argument)) specifiers.push(argument.text);
    } else if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument) && ts.isStringLiteral(node.argument.literal)) {
      specifiers.push(node.argument.literal.text);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return specifiers;
}

/** Our own files (tsconfig's `include`, no node_modules) and which of our files each imports. */
export function buildImportGraph(root: string = ROOT): ImportGraph {
  const options = compilerOptions(root);
  const configPath = path.join(root, 'tsconfig.json');
  const parsed = ts.parseJsonConfigFileContent(ts.readConfigFile(configPath, (f) => ts.sys.readFile(f)).config, ts.sys, root);
  const ours = (file: string) => file.startsWith(root + path.sep) && !file.includes(`${path.sep}node_modules${path.sep}`);
  const files = parsed.fileNames.filter((file) => /\.tsx?$/.test(file) && !file.endsWith('.d.ts') && ours(file));
  const host = ts.createCompilerHost(options);
  const graph: ImportGraph = new Map();
  for (const file of files) {
    const edges = new Set<string>();
    for (const specifier of moduleSpecifiers(file, ts.sys.readFile(file) ?? '')) {
      const resolved = ts.resolveModuleName(specifier, file, options, host).resolvedModule;
      if (resolved && !resolved.isExternalLibraryImport && ours(resolved.resolvedFileName) && /\.tsx?$/.test(resolved.resolvedFileName)) {
        edges.add(path.resolve(resolved.resolvedFileName));
      }
    }
    graph.set(path.resolve(file), edges);
  }
  return graph;
}

/** The cycles: strongly connected components (Tarjan) of two files or more, and self-imports. */
export function findCycles(graph: ImportGraph): string[][] {
  let index = 0;
  const indexOf = new Map<string, number>();
  const lowLink = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const components: string[][] = [];

  const strongConnect = (start: string) => {
    // iterative, so a long chain of imports cannot overflow the call stack
    const work: Array<{ node: string; edges: Iterator<string> }> = [];
    const open = (node: string) => {
      indexOf.set(node, index);
      lowLink.set(node, index);
      index += 1;
      stack.push(node);
      onStack.add(node);
      work.push({ node, edges: (graph.get(node) ?? new Set<string>()).values() });
    };
    open(start);
    while (work.length > 0) {
      const frame = work[work.length - 1]!;
      const next = frame.edges.next();
      if (!next.done) {
        const target = next.value;
        if (!indexOf.has(target)) open(target);
        else if (onStack.has(target)) lowLink.set(frame.node, Math.min(lowLink.get(frame.node)!, indexOf.get(target)!));
        continue;
      }
      work.pop();
      const parent = work[work.length - 1];
      if (parent) lowLink.set(parent.node, Math.min(lowLink.get(parent.node)!, lowLink.get(frame.node)!));
      if (lowLink.get(frame.node) === indexOf.get(frame.node)) {
        const component: string[] = [];
        let member: string;
        do {
          member = stack.pop()!;
          onStack.delete(member);
          component.push(member);
        } while (member !== frame.node);
        const selfImport = component.length === 1 && (graph.get(frame.node)?.has(frame.node) ?? false);
        if (component.length > 1 || selfImport) components.push(component.sort());
      }
    }
  };

  for (const node of graph.keys()) if (!indexOf.has(node)) strongConnect(node);
  return components.sort((a, b) => b.length - a.length);
}

if (require.main === module) {
  const cycles = findCycles(buildImportGraph());
  const relative = (file: string) => path.relative(ROOT, file);
  if (cycles.length === 0) console.log('No import cycles.');
  for (const [i, cycle] of cycles.entries()) {
    console.log(`cycle ${i + 1}: ${cycle.length} files`);
    for (const file of cycle) console.log(`  ${relative(file)}`);
  }
  process.exitCode = cycles.length === 0 ? 0 : 1;
}
