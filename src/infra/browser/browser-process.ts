import type { ChildProcess } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import type { Browser } from 'puppeteer';

/**
 * The browser's own pid. Debian's /usr/bin/chromium-headless-shell is a shell script that runs the binary as a child,
 * so the process puppeteer started is not the browser; the browser reports its pid itself.
 */
export async function browserPid(browser: Browser): Promise<number | null> {
  const session = await browser.target().createCDPSession();
  try {
    const { processInfo } = await session.send('SystemInfo.getProcessInfo');
    return processInfo.find((info) => info.type === 'browser')?.id ?? browser.process()?.pid ?? null;
  } catch {
    return browser.process()?.pid ?? null;
  } finally {
    await session.detach().catch(() => undefined);
  }
}

interface ProcStat {
  readonly ppid: number;
  readonly rssKb: number;
}

function readProc(pid: number): ProcStat | null {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const ppid = Number(/^PPid:\s+(\d+)/m.exec(status)?.[1] ?? 0);
    const rssKb = Number(/^VmRSS:\s+(\d+)/m.exec(status)?.[1] ?? 0);
    return { ppid, rssKb };
  } catch {
    return null;
  }
}

/** Pids of the process and all its descendants (Linux /proc; empty elsewhere). */
export function processTree(rootPid: number): number[] {
  let entries: string[];
  try {
    entries = readdirSync('/proc').filter((name) => /^\d+$/.test(name));
  } catch {
    return [];
  }
  const stats = new Map<number, ProcStat>();
  for (const entry of entries) {
    const stat = readProc(Number(entry));
    if (stat) stats.set(Number(entry), stat);
  }
  const isDescendant = (pid: number): boolean => {
    for (let current = pid, depth = 0; current > 1 && depth < 32; depth++) {
      if (current === rootPid) return true;
      current = stats.get(current)?.ppid ?? 0;
    }
    return false;
  };
  return [...stats.keys()].filter(isDescendant);
}

/** Resident memory of the browser and its renderers, in MB (shared pages counted in each process: an upper bound). */
export function treeRssMb(rootPid: number): number {
  const kb = processTree(rootPid).reduce((sum, pid) => sum + (readProc(pid)?.rssKb ?? 0), 0);
  return Math.round(kb / 1024);
}

/** SIGKILL, ignoring processes already gone; a negative pid names a process group. */
export function killQuietly(pid: number | null | undefined): void {
  if (!pid) return;
  try {
    process.kill(pid, 'SIGKILL');
  } catch {
    // already gone
  }
}

/**
 * Keeps an error listener on the browser's stdio for the process's whole life (the protocol pipe is fds 3 and 4).
 * puppeteer removes its own when it closes a browser, and a pipe to a killed browser can still report a reset after
 * that: with no listener, Node throws it uncaught and the worker ends with every job it runs.
 */
export function hearPipeErrors(child: ChildProcess | null, onError: (error: Error) => void): void {
  for (const stream of child?.stdio ?? []) stream?.on('error', onError);
}
