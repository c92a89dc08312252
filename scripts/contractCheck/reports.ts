/** The check's report: one line per check, JUnit XML and JSON for a servicer's CI. */
import type { CheckResult } from './checks';

/** `ok       name  (actual)`, `MISMATCH name: expected … actual …`, `skipped  name: why`. */
export function lineOf(result: CheckResult): string {
  const where = result.operation ? ` [${result.operation}]` : '';
  if (result.verdict === 'ok') return `ok        ${result.name}${where}${result.actual ? ` → ${result.actual}` : ''}`;
  if (result.verdict === 'skipped') return `skipped   ${result.name}${where}: ${result.detail ?? ''}`;
  const parts = [
    result.expected ? `expected ${result.expected}` : null,
    result.actual ? `actual ${result.actual}` : null,
    result.detail ?? null,
  ].filter(Boolean);
  return `MISMATCH  ${result.name}${where}: ${parts.join('; ')}`;
}

export function summaryOf(results: CheckResult[]) {
  const count = (verdict: CheckResult['verdict']) => results.filter((result) => result.verdict === verdict).length;
  return { checks: results.length, ok: count('ok'), mismatches: count('mismatch'), skipped: count('skipped') };
}

export function jsonReport(base: URL, results: CheckResult[]): string {
  return `${JSON.stringify({ base: base.href, summary: summaryOf(results), checks: results }, null, 2)}\n`;
}

const xml = (text: string) => text.replace(/[<>&"']/g, (character) => `&#${character.charCodeAt(0)};`);

export function junitReport(base: URL, results: CheckResult[]): string {
  const { checks, mismatches, skipped } = summaryOf(results);
  const cases = results.map((result) => {
    const open = `    <testcase classname="widgets-contract" name="${xml(result.name)}">`;
    if (result.verdict === 'ok') return `${open}</testcase>`;
    if (result.verdict === 'skipped') return `${open}<skipped message="${xml(result.detail ?? '')}"/></testcase>`;
    return `${open}<failure message="${xml(lineOf(result))}">${xml(JSON.stringify(result, null, 2))}</failure></testcase>`;
  });
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<testsuites name="contract-check" tests="${checks}" failures="${mismatches}" skipped="${skipped}">`,
    `  <testsuite name="${xml(base.href)}" tests="${checks}" failures="${mismatches}" skipped="${skipped}">`,
    ...cases,
    '  </testsuite>',
    '</testsuites>',
    '',
  ].join('\n');
}
