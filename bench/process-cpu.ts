import { readdirSync, readFileSync } from 'node:fs';

/** Clock ticks per second of /proc/<pid>/stat's utime and stime (USER_HZ, 100 on Linux). */
const TICKS_PER_SECOND = 100;

interface ProcessInfo {
  readonly pid: number;
  readonly ppid: number;
  readonly cpuMs: number;
  /** CPU of its children that ended and were reaped (cutime + cstime): a renderer that lived for one page. */
  readonly endedChildrenMs: number;
  readonly cmdline: string;
}

function readProcess(pid: number): ProcessInfo | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name (field 2) may hold spaces and parentheses: the fields after it start at the last ')'.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const ms = (ticks: number) => (ticks * 1000) / TICKS_PER_SECOND;
    const cmdline = readFileSync(`/proc/${pid}/cmdline`, 'utf8').replaceAll('\0', ' ');
    return { pid, ppid: Number(fields[1]), cpuMs: ms(Number(fields[11]) + Number(fields[12])), endedChildrenMs: ms(Number(fields[13]) + Number(fields[14])), cmdline };
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

/** The group of a process below a root: Chromium's by role, anything else the root's. */
function groupOf(info: ProcessInfo, root: string): string {
  return /chrom/.test(info.cmdline) ? chromiumRole(info.cmdline) : `${root} (child)`;
}

/** Where the CPU of a process's ended children goes: a zygote's children are renderers (forked, never exec'd). */
function endedGroupOf(group: string): string {
  return group === 'chromium zygote' ? 'chromium renderer (ended)' : `${group} (ended children)`;
}

/**
 * CPU milliseconds used so far by each group of processes: `roots` name a process and all its descendants (Chromium
 * descendants grouped by role, whoever launched them; a descendant that is itself a root is left to its own group),
 * `byCommand` every process whose command line matches. A process that ended between two samples is counted through
 * its parent's cutime/cstime, once reaped.
 */
export function sampleCpu(roots: Record<string, number>, byCommand: Record<string, RegExp>): Map<string, number> {
  const processes = allProcesses();
  const children = new Map<number, ProcessInfo[]>();
  for (const info of processes) children.set(info.ppid, [...(children.get(info.ppid) ?? []), info]);
  const totals = new Map<string, number>();
  const add = (group: string, ms: number) => totals.set(group, (totals.get(group) ?? 0) + ms);
  const rootPids = new Set(Object.values(roots));
  for (const [label, pid] of Object.entries(roots)) {
    const root = processes.find((info) => info.pid === pid);
    if (root) add(label, root.cpuMs);
    const stack = (children.get(pid) ?? []).filter((info) => !rootPids.has(info.pid));
    while (stack.length > 0) {
      const info = stack.pop()!;
      const group = groupOf(info, label);
      add(group, info.cpuMs);
      if (info.endedChildrenMs > 0) add(endedGroupOf(group), info.endedChildrenMs);
      stack.push(...(children.get(info.pid) ?? []).filter((child) => !rootPids.has(child.pid)));
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
