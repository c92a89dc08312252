/**
 * `npm run bench [-- weight typing lighthouse load tasks] [--rounds N]`: runs the benchmarks (all
 * five by default), prints a table per part, and writes the figures to
 * bench/artifacts/results.json (Lighthouse reports beside it). These are benchmarks, not tests:
 * only `npm run test:budgets` fails on a number.
 */
import fs from 'node:fs';
import path from 'node:path';
import { ROOT } from './lib/categories';
import { describeMachine, machine } from './lib/machine';
import { measureWeight } from './lib/weight';
import { loadTable, runLoad, CONNECTIONS, DURATION_S } from './load';
import { lighthouseTable, runLighthouse } from './lighthouse';
import { CPU_SLOWDOWN, runTasks, tasksTable } from './tasks';
import { registrationIsPlaceholder, runTyping, typingTable, TYPED_CHARACTERS } from './typing';
import { contributors, floorImports, loaderLine, verdict, weightTable } from './weight';

const PARTS = ['weight', 'typing', 'lighthouse', 'load', 'tasks'] as const;
type Part = (typeof PARTS)[number];

function parseArgs(argv: string[]): { parts: Part[]; rounds: number } {
  const parts: Part[] = [];
  let rounds = 3;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] as string;
    if (arg === '--rounds') rounds = Number(argv[++i]);
    else if ((PARTS as readonly string[]).includes(arg)) parts.push(arg as Part);
    else {
      console.error(`unknown argument "${arg}"; usage: npm run bench -- [${PARTS.join('|')} ...] [--rounds N]`);
      process.exit(2);
    }
  }
  return { parts: parts.length ? parts : [...PARTS], rounds };
}

const log = (line: string) => console.log(`  · ${line}`);

async function main() {
  const { parts, rounds } = parseArgs(process.argv.slice(2));
  const artifacts = path.join(ROOT, 'bench/artifacts');
  fs.mkdirSync(artifacts, { recursive: true });
  const resultsFile = path.join(artifacts, 'results.json');
  const results = (fs.existsSync(resultsFile) ? JSON.parse(fs.readFileSync(resultsFile, 'utf8')) : {}) as Record<string, unknown>;
  const save = (part: Part, data: unknown, before: ReturnType<typeof machine>) => {
    results[part] = { machineBefore: before, machineAfter: machine(), data };
    fs.writeFileSync(resultsFile, JSON.stringify(results, null, 2));
  };

  console.log(`machine: ${describeMachine(machine())}\n`);
  for (const part of parts) {
    const before = machine();
    console.log(`== ${part} ==`);
    if (part === 'weight') {
      const report = await measureWeight(log);
      console.log('\nFirst-load JS+CSS per page, KiB (gzip -9; brotli q11), split by origin, beside its floor:');
      console.log(weightTable(report));
      console.log(loaderLine(report));
      const heaviest = [...report.pages].sort((a, b) => b.gzip - a.gzip)[0];
      if (heaviest) {
        console.log(`\nLargest contributors on ${heaviest.def.page} (gzip KiB):`);
        console.log(contributors(heaviest));
      }
      console.log('\nFloor imports per page:');
      for (const page of report.pages) console.log(`  ${page.def.page}: ${page.floor?.entry} = react-dom + ${floorImports(page)}`);
      const v = verdict(report);
      console.log(v.ok ? '\nbudgets: OK' : `\nbudgets: OVER\n  ${v.lines.join('\n  ')}`);
      save(
        part,
        {
          loader: report.loader,
          pages: report.pages.map((p) => ({
            page: p.def.page,
            groups: p.def.groups,
            files: p.files,
            total: { raw: p.raw, gzip: p.gzip, brotli: p.brotli },
            css: p.css,
            byCategory: p.byCategory,
            floor: p.floor,
            floorImports: Object.fromEntries([...p.antdImports].map(([s, n]) => [s, [...n].sort()])),
            topPackages: [...p.byPackage].sort((a, b) => b[1].gzip - a[1].gzip).slice(0, 20),
          })),
          budgetsOk: v.ok,
        },
        before,
      );
    } else if (part === 'typing') {
      const rows = await runTyping(log, rounds);
      console.log(`\nInput event -> next frame, ${TYPED_CHARACTERS} characters per run, ${rounds} interleaved rounds:`);
      console.log(typingTable(rows));
      save(part, { rows, rounds, characters: TYPED_CHARACTERS, placeholder: registrationIsPlaceholder() }, before);
    } else if (part === 'lighthouse') {
      const rows = await runLighthouse(log, path.join(artifacts, 'lighthouse'));
      console.log('\nLighthouse 12.2.3, mobile, simulated throttling:');
      console.log(lighthouseTable(rows));
      save(part, { rows }, before);
    } else if (part === 'load') {
      const rows = await runLoad(log);
      console.log(`\nautocannon, ${CONNECTIONS} connections, ${DURATION_S} s per target, loopback:`);
      console.log(loadTable(rows));
      save(part, { rows, connections: CONNECTIONS, durationSeconds: DURATION_S }, before);
    } else if (part === 'tasks') {
      const rows = await runTasks(log);
      console.log(`\nMain-thread tasks from navigation to quiet, and the first click and keystroke, CPU slowed ${CPU_SLOWDOWN}x (medians):`);
      console.log(tasksTable(rows));
      save(part, { rows, cpuSlowdown: CPU_SLOWDOWN }, before);
    }
    console.log('');
  }
  console.log(`figures written to ${path.relative(ROOT, resultsFile)}`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
