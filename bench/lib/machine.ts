/** What the numbers were taken on, and under what load. */
import { execFileSync } from 'node:child_process';
import os from 'node:os';

export const CHROMIUM = '/usr/bin/chromium';

export function chromiumVersion(): string {
  try {
    return execFileSync(CHROMIUM, ['--version'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
  } catch {
    return 'unknown';
  }
}

/** Processes using more than 5% CPU (ps's lifetime average) other than this one and its children. */
function busyProcesses(): number {
  try {
    const out = execFileSync('ps', ['-eo', 'pid,ppid,pcpu'], { encoding: 'utf8' });
    return out
      .split('\n')
      .slice(1)
      .map((line) => line.trim().split(/\s+/))
      .filter(([pid, ppid, cpu]) => pid && Number(cpu) > 5 && Number(pid) !== process.pid && Number(ppid) !== process.pid).length;
  } catch {
    return -1;
  }
}

export interface Machine {
  cpus: number;
  cpuModel: string;
  memoryGiB: number;
  node: string;
  chromium: string;
  loadavg: number[];
  busyProcesses: number;
  date: string;
}

export function machine(): Machine {
  return {
    cpus: os.availableParallelism(),
    cpuModel: os.cpus()[0]?.model ?? 'unknown',
    memoryGiB: Math.round(os.totalmem() / 2 ** 30),
    node: process.version,
    chromium: chromiumVersion(),
    loadavg: os.loadavg().map((x) => Math.round(x * 100) / 100),
    busyProcesses: busyProcesses(),
    date: new Date().toISOString(),
  };
}

export function describeMachine(m: Machine): string {
  return (
    `${m.cpus} CPUs (${m.cpuModel}), ${m.memoryGiB} GiB, node ${m.node}, ${m.chromium}; ` +
    `load average ${m.loadavg.join(' / ')} (1/5/15 min), ${m.busyProcesses} other processes above 5% CPU; ${m.date}`
  );
}
