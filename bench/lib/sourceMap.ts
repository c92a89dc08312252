/**
 * A minimal source-map v3 reader: enough to attribute every byte of a minified asset to the
 * original source it came from. No dependency, so the budget check does not rest on a
 * transitive package.
 */
const BASE64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
const DIGIT = new Map<string, number>([...BASE64].map((c, i) => [c, i]));

export interface RawSourceMap {
  sources: string[];
  mappings: string;
}

/** One generated segment: [line, column) up to the next segment, from source `source` (-1: none). */
export interface Segment {
  line: number;
  column: number;
  source: number;
}

function decodeVlq(text: string, start: number, out: number[]): number {
  let i = start;
  let value = 0;
  let shift = 0;
  for (;;) {
    const digit = DIGIT.get(text[i++] ?? '');
    if (digit === undefined) throw new Error(`bad VLQ at ${i - 1}`);
    value += (digit & 31) << shift;
    if ((digit & 32) === 0) break;
    shift += 5;
  }
  out.push(value & 1 ? -(value >>> 1) : value >>> 1);
  return i;
}

export function decodeSegments(map: RawSourceMap): Segment[] {
  const segments: Segment[] = [];
  const { mappings } = map;
  let line = 0;
  let source = 0;
  let i = 0;
  while (i < mappings.length) {
    let column = 0;
    while (i < mappings.length && mappings[i] !== ';') {
      if (mappings[i] === ',') {
        i++;
        continue;
      }
      const fields: number[] = [];
      while (i < mappings.length && mappings[i] !== ',' && mappings[i] !== ';') i = decodeVlq(mappings, i, fields);
      column += fields[0] ?? 0;
      if (fields.length >= 4) {
        source += fields[1] ?? 0;
        segments.push({ line, column, source });
      } else {
        segments.push({ line, column, source: -1 });
      }
    }
    i++;
    line++;
  }
  return segments;
}

/**
 * Splits the generated text into per-key strings using `keyOf(sourceIndex)` (-1 for unmapped
 * bytes). Bytes before the first segment of a line count as unmapped.
 */
export function splitBySource(code: string, map: RawSourceMap, keyOf: (source: number) => string): Map<string, string> {
  const lines = code.split('\n');
  const parts = new Map<string, string[]>();
  const add = (key: string, text: string) => {
    if (!text) return;
    const list = parts.get(key);
    if (list) list.push(text);
    else parts.set(key, [text]);
  };
  const segments = decodeSegments(map);
  let s = 0;
  lines.forEach((lineText, lineNo) => {
    const text = lineNo < lines.length - 1 ? `${lineText}\n` : lineText;
    const onLine: Segment[] = [];
    while (s < segments.length && (segments[s]?.line ?? Infinity) < lineNo) s++;
    while (s < segments.length && segments[s]?.line === lineNo) onLine.push(segments[s++] as Segment);
    if (onLine.length === 0) {
      add(keyOf(-1), text);
      return;
    }
    add(keyOf(-1), text.slice(0, onLine[0]?.column ?? 0));
    onLine.forEach((segment, k) => {
      const end = k + 1 < onLine.length ? (onLine[k + 1]?.column ?? text.length) : text.length;
      add(keyOf(segment.source), text.slice(segment.column, end));
    });
  });
  return new Map([...parts].map(([key, list]) => [key, list.join('')]));
}
