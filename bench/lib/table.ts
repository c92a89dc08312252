/** Plain-text and markdown tables for the bench output. */
export function kb(bytes: number): string {
  return (bytes / 1024).toFixed(1);
}

export function table(headers: string[], rows: (string | number)[][], align?: ('l' | 'r')[]): string {
  const cells = [headers, ...rows.map((r) => r.map(String))];
  const widths = headers.map((_, i) => Math.max(...cells.map((r) => (r[i] ?? '').length)));
  const pad = (text: string, i: number) =>
    (align?.[i] ?? (i === 0 ? 'l' : 'r')) === 'l' ? text.padEnd(widths[i] ?? 0) : text.padStart(widths[i] ?? 0);
  const line = (r: string[]) => `| ${r.map(pad).join(' | ')} |`;
  const rule = `|${widths.map((w, i) => ((align?.[i] ?? (i === 0 ? 'l' : 'r')) === 'l' ? `:${'-'.repeat(w + 1)}` : `${'-'.repeat(w + 1)}:`)).join('|')}|`;
  return [line(cells[0] as string[]), rule, ...cells.slice(1).map(line)].join('\n');
}
