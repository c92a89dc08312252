/**
 * Timing compared as distributions measured in the same run, never against fixed milliseconds
 * (the machine may be slow or busy; what matters is how two things compare on it).
 */
import { performance } from 'node:perf_hooks';

export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

/** How long `run` takes, in milliseconds. */
export async function timeOf(run: () => unknown): Promise<number> {
  const started = performance.now();
  await run();
  return performance.now() - started;
}

/**
 * Mann-Whitney U of two samples: `effect` is the probability that a value of `a` exceeds one of `b`
 * (ties count half; 0.5 when the two are alike, near 1 when `a` is slower nearly every time), and
 * `z` its normal approximation. The effect is what a test should bound: unlike `z`, it does not
 * grow with the number of pairs for a difference too small to matter.
 */
export function mannWhitney(a: readonly number[], b: readonly number[]): { effect: number; z: number } {
  const all = [...a.map((value) => ({ value, first: true })), ...b.map((value) => ({ value, first: false }))].sort(
    (x, y) => x.value - y.value,
  );
  let rankSumA = 0;
  for (let i = 0; i < all.length; ) {
    let j = i;
    while (j + 1 < all.length && all[j + 1]!.value === all[i]!.value) j += 1;
    const rank = (i + j) / 2 + 1;
    for (let k = i; k <= j; k += 1) if (all[k]!.first) rankSumA += rank;
    i = j + 1;
  }
  const n1 = a.length;
  const n2 = b.length;
  const u = rankSumA - (n1 * (n1 + 1)) / 2;
  const z = (u - (n1 * n2) / 2) / Math.sqrt((n1 * n2 * (n1 + n2 + 1)) / 12);
  return { effect: u / (n1 * n2), z };
}

/**
 * Per byte, how much more a long input costs than a short one: `run` is timed on `long` once and on
 * `short` as many times as it takes to read as many bytes, alternately, `rounds` times; the answer
 * is the ratio of the two fastest rounds. About 1 for linear work; for quadratic work, about the
 * ratio of the lengths. The fastest round, not the median: a busy machine only ever adds time to a
 * round (another process's time slice), so each side's minimum is its cost without that noise,
 * where a median of per-round ratios read 12 for linear work on a machine at load 8.
 */
export function perByteCostRatio(run: (input: string) => unknown, short: string, long: string, rounds = 9): number {
  const repeat = Math.max(1, Math.round(long.length / short.length));
  // warm-up (compilation is not what is measured), and enough runs of the long input per round to
  // take a few milliseconds, above the timer's and the scheduler's noise
  for (let i = 0; i < repeat; i += 1) run(short);
  const once = timeSync(() => run(long), 1);
  const longRuns = Math.min(200, Math.max(1, Math.ceil(3 / Math.max(once, 1e-3))));
  let shortMs = Infinity;
  let longMs = Infinity;
  for (let round = 0; round < rounds; round += 1) {
    shortMs = Math.min(shortMs, timeSync(() => run(short), repeat * longRuns));
    longMs = Math.min(longMs, timeSync(() => run(long), longRuns));
  }
  return longMs / Math.max(shortMs, 1e-3);
}

function timeSync(run: () => unknown, times: number): number {
  const started = performance.now();
  for (let i = 0; i < times; i += 1) run();
  return performance.now() - started;
}
