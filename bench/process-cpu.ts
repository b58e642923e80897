import { readdirSync, readFileSync } from 'node:fs';

/** Clock ticks per second of /proc/<pid>/stat's utime and stime (USER_HZ, 100 on Linux). */
const TICKS_PER_SECOND = 100;
/** How often a window looks at the processes: what a process uses after its last look and before it ends is lost. */
const LOOK_EVERY_MS = 200;

/** One process as one look saw it. */
export interface ProcessLook {
  /** pid and start time: a pid the kernel gives again to a new process is another process. */
  readonly key: string;
  readonly pid: number;
  readonly ppid: number;
  readonly group: string;
  readonly cpuMs: number;
  /** CPU of its children that ended and were reaped (cutime + cstime): a renderer that lived for one page. */
  readonly endedChildrenMs: number;
}

/** What one look saw: every accounted process by key. */
export type Look = ReadonlyMap<string, ProcessLook>;

interface RawProcess {
  readonly pid: number;
  readonly ppid: number;
  readonly startTime: string;
  readonly cpuMs: number;
  readonly endedChildrenMs: number;
}

const ms = (ticks: string) => (Number(ticks) * 1000) / TICKS_PER_SECOND;

function readProcess(pid: number): RawProcess | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name (field 2) may hold spaces and parentheses: the fields after it start at the last ')'.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return {
      pid,
      ppid: Number(fields[1]),
      startTime: fields[19],
      cpuMs: ms(fields[11]) + ms(fields[12]),
      endedChildrenMs: ms(fields[13]) + ms(fields[14]),
    };
  } catch {
    return null; // the process ended while we looked
  }
}

/** Chromium names each process's role with --type= (none for the browser); the network service is a utility. */
export function chromiumRole(cmdline: string): string {
  const type = /--type=(\S+)/.exec(cmdline)?.[1];
  if (!type) return 'chromium browser';
  if (type === 'utility') return /NetworkService/.test(cmdline) ? 'chromium network' : 'chromium utility';
  if (type === 'gpu-process') return 'chromium gpu';
  return `chromium ${type}`;
}

/** Where the CPU of a process's ended children goes: a zygote's children are renderers (forked, never exec'd). */
export function endedGroupOf(group: string): string {
  return group === 'chromium zygote' ? 'chromium renderer (ended)' : `${group} (ended children)`;
}

/**
 * Looks at processes: `roots` name a process and all its descendants (Chromium descendants grouped by role, whoever
 * launched them; a descendant that is itself a root is left to its own group), `byCommand` every process whose
 * command line matches. Command lines are read once per process.
 */
export class ProcessLooker {
  private readonly commands = new Map<string, string>();

  constructor(
    private readonly roots: Record<string, number>,
    private readonly byCommand: Record<string, RegExp>,
  ) {}

  look(): Look {
    const processes = readdirSync('/proc').filter((name) => /^\d+$/.test(name)).map((name) => readProcess(Number(name))).filter((info) => info !== null);
    const children = new Map<number, RawProcess[]>();
    for (const info of processes) children.set(info.ppid, [...(children.get(info.ppid) ?? []), info]);
    const look = new Map<string, ProcessLook>();
    const keep = (info: RawProcess, group: string) => {
      const key = `${info.pid}:${info.startTime}`;
      look.set(key, { key, pid: info.pid, ppid: info.ppid, group, cpuMs: info.cpuMs, endedChildrenMs: info.endedChildrenMs });
    };
    const rootPids = new Set(Object.values(this.roots));
    for (const [label, pid] of Object.entries(this.roots)) {
      const root = processes.find((info) => info.pid === pid);
      if (root) keep(root, label);
      const stack = (children.get(pid) ?? []).filter((info) => !rootPids.has(info.pid));
      while (stack.length > 0) {
        const info = stack.pop()!;
        const command = this.command(info);
        keep(info, /chrom/.test(command) ? chromiumRole(command) : `${label} (child)`);
        stack.push(...(children.get(info.pid) ?? []).filter((child) => !rootPids.has(child.pid)));
      }
    }
    for (const [label, pattern] of Object.entries(this.byCommand)) {
      // Shared servers: counted as they run, their ended children (none) aside.
      for (const info of processes) if (pattern.test(this.command(info))) keep({ ...info, endedChildrenMs: 0 }, label);
    }
    return look;
  }

  private command(info: RawProcess): string {
    const key = `${info.pid}:${info.startTime}`;
    let command = this.commands.get(key);
    if (command === undefined) {
      try {
        command = readFileSync(`/proc/${info.pid}/cmdline`, 'utf8').replaceAll('\0', ' ');
      } catch {
        command = '';
      }
      this.commands.set(key, command);
    }
    return command;
  }
}

/**
 * CPU milliseconds each group used between a first look and a last, with looks in between. Each process counts what
 * it used between its first look in the window (or its start, if it started later) and its last look: a browser
 * replaced in the middle of the window counts up to its end, and its successor from its start. What no look saw (a
 * renderer that lived between two looks, a process's last moments) is read from the cutime/cstime of the parent that
 * reaped it, which holds the whole life of the reaped process and of everything it had reaped itself: less what the
 * looks saw of that subtree, it goes to the parent's "ended" group.
 */
export class CpuWindow {
  private readonly first: Look;
  private readonly latest = new Map<string, ProcessLook>();
  /** The number of the last look that saw each process. */
  private readonly seenAt = new Map<string, number>();
  private looks = 0;

  constructor(first: Look) {
    this.first = first;
    this.observe(first);
  }

  observe(look: Look): void {
    this.looks += 1;
    for (const [key, process] of look) {
      this.latest.set(key, process);
      this.seenAt.set(key, this.looks);
    }
  }

  close(last: Look): Map<string, number> {
    this.observe(last);
    const totals = new Map<string, number>();
    const add = (group: string, value: number) => totals.set(group, (totals.get(group) ?? 0) + value);
    const children = new Map<number, ProcessLook[]>();
    for (const process of this.latest.values()) children.set(process.ppid, [...(children.get(process.ppid) ?? []), process]);
    const seenAt = (process: ProcessLook) => this.seenAt.get(process.key)!;
    // Children a process had reaped by its last look: they were gone before it.
    const reapedBy = (parent: ProcessLook) => (children.get(parent.pid) ?? []).filter((child) => seenAt(child) < seenAt(parent));
    // What the looks saw of a process's life and of its subtree's, as its parent's cutime would count it once reaped.
    const seenLife = (process: ProcessLook): number =>
      process.cpuMs +
      process.endedChildrenMs +
      (children.get(process.pid) ?? []).filter((child) => seenAt(child) >= seenAt(process)).reduce((sum, child) => sum + seenLife(child), 0);
    for (const [key, process] of this.latest) {
      add(process.group, process.cpuMs - (this.first.get(key)?.cpuMs ?? 0));
      const reaped = process.endedChildrenMs - (this.first.get(key)?.endedChildrenMs ?? 0);
      const unseen = reaped - reapedBy(process).reduce((sum, child) => sum + seenLife(child), 0);
      if (unseen > 0) add(endedGroupOf(process.group), unseen);
    }
    return totals;
  }
}

/** CPU milliseconds per group while `run` runs, looked at every LOOK_EVERY_MS. */
export async function meterCpu<T>(looker: ProcessLooker, run: () => Promise<T>): Promise<{ result: T; cpuMs: Map<string, number> }> {
  const window = new CpuWindow(looker.look());
  const timer = setInterval(() => window.observe(looker.look()), LOOK_EVERY_MS);
  try {
    const result = await run();
    return { result, cpuMs: window.close(looker.look()) };
  } finally {
    clearInterval(timer);
  }
}

/** Each group's CPU divided by `count` (CPU ms per crawl). */
export function perCrawl(cpuMs: Map<string, number>, count: number): Map<string, number> {
  return new Map([...cpuMs].map(([group, value]) => [group, value / count]));
}

/** The machine's 1-minute load average, for a table's title. */
export function loadAverage(): string {
  const [one] = readFileSync('/proc/loadavg', 'utf8').split(' ');
  return `load average ${one}`;
}
