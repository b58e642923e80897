import { readdirSync, readFileSync } from 'node:fs';

/** Clock ticks per second of /proc/<pid>/stat's utime and stime (USER_HZ, 100 on Linux). */
const TICKS_PER_SECOND = 100;

interface ProcessInfo {
  readonly pid: number;
  readonly ppid: number;
  readonly cpuMs: number;
  readonly cmdline: string;
}

function readProcess(pid: number): ProcessInfo | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name (field 2) may hold spaces and parentheses: the fields after it start at the last ')'.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const cpuTicks = Number(fields[11]) + Number(fields[12]);
    const cmdline = readFileSync(`/proc/${pid}/cmdline`, 'utf8').replaceAll('\0', ' ');
    return { pid, ppid: Number(fields[1]), cpuMs: (cpuTicks * 1000) / TICKS_PER_SECOND, cmdline };
  } catch {
    return null; // the process ended while we looked
  }
}

function allProcesses(): ProcessInfo[] {
  return readdirSync('/proc').filter((name) => /^\d+$/.test(name)).map((name) => readProcess(Number(name))).filter((info) => info !== null);
}

/** Chromium names each process's role with --type= (none for the browser); the network service is a utility. */
export function chromiumRole(cmdline: string): string {
  const type = /--type=(\S+)/.exec(cmdline)?.[1];
  if (!type) return 'chromium browser';
  if (type === 'utility') return /NetworkService/.test(cmdline) ? 'chromium network' : 'chromium utility';
  if (type === 'gpu-process') return 'chromium gpu';
  return `chromium ${type}`;
}

/**
 * CPU milliseconds used so far by each group of processes: `roots` name a process and all its descendants (Chromium
 * descendants grouped by role, whoever launched them), `byCommand` every process whose command line matches.
 * Processes that ended between two samples are lost from the second one: sample around a run that keeps them alive.
 */
export function sampleCpu(roots: Record<string, number>, byCommand: Record<string, RegExp>): Map<string, number> {
  const processes = allProcesses();
  const children = new Map<number, ProcessInfo[]>();
  for (const info of processes) children.set(info.ppid, [...(children.get(info.ppid) ?? []), info]);
  const totals = new Map<string, number>();
  const add = (group: string, ms: number) => totals.set(group, (totals.get(group) ?? 0) + ms);
  for (const [label, pid] of Object.entries(roots)) {
    const root = processes.find((info) => info.pid === pid);
    if (root) add(label, root.cpuMs);
    const stack = [...(children.get(pid) ?? [])];
    while (stack.length > 0) {
      const info = stack.pop()!;
      add(/chrom/.test(info.cmdline) ? chromiumRole(info.cmdline) : `${label} (child)`, info.cpuMs);
      stack.push(...(children.get(info.pid) ?? []));
    }
  }
  for (const [label, pattern] of Object.entries(byCommand)) {
    for (const info of processes) if (pattern.test(info.cmdline)) add(label, info.cpuMs);
  }
  return totals;
}

/** after - before, per group, divided by `count` (CPU ms per crawl). */
export function perCrawl(before: Map<string, number>, after: Map<string, number>, count: number): Map<string, number> {
  const result = new Map<string, number>();
  for (const [group, ms] of after) result.set(group, (ms - (before.get(group) ?? 0)) / count);
  return result;
}

/** The machine's 1-minute load average and core count, for a table's title. */
export function loadAverage(): string {
  const [one] = readFileSync('/proc/loadavg', 'utf8').split(' ');
  return `load average ${one}`;
}
