import { percentile } from './table.js';

export interface LoadResult {
  readonly pagesPerSecond: number;
  readonly p50: number;
  readonly p95: number;
  readonly p99: number;
  readonly failures: number;
  /** Calls answered (successes and failures). */
  readonly pages: number;
}

function summary(latencies: number[], failures: number, started: number): LoadResult {
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  return { pagesPerSecond: latencies.length / seconds, p50: percentile(latencies, 50), p95: percentile(latencies, 95), p99: percentile(latencies, 99), failures, pages: latencies.length + failures };
}

/** `concurrency` loops calling `once` until the time is up; failed calls are counted, not timed. */
export async function runLoad(concurrency: number, durationMs: number, once: () => Promise<boolean>): Promise<LoadResult> {
  const latencies: number[] = [];
  let failures = 0;
  const started = performance.now();
  const until = started + durationMs;
  await Promise.all(Array.from({ length: concurrency }, async () => {
    while (performance.now() < until) {
      const t0 = performance.now();
      if (await once().catch(() => false)) latencies.push(performance.now() - t0);
      else failures += 1;
    }
  }));
  return summary(latencies, failures, started);
}

/** `concurrency` loops sharing exactly `total` calls of `once` (the cost account divides by a known count). */
export async function runCount(concurrency: number, total: number, once: () => Promise<boolean>): Promise<LoadResult> {
  const latencies: number[] = [];
  let failures = 0;
  let left = total;
  const started = performance.now();
  await Promise.all(Array.from({ length: concurrency }, async () => {
    while (left > 0) {
      left -= 1;
      const t0 = performance.now();
      if (await once().catch(() => false)) latencies.push(performance.now() - t0);
      else failures += 1;
    }
  }));
  return summary(latencies, failures, started);
}

/** Fires requests at a fixed rate (open loop) for `durationMs`; latency percentiles of all answers. */
export async function runRate(perSecond: number, durationMs: number, once: () => Promise<boolean>): Promise<LoadResult> {
  const latencies: number[] = [];
  let failures = 0;
  const pending: Promise<void>[] = [];
  const started = performance.now();
  for (let i = 0; i < (perSecond * durationMs) / 1000; i += 1) {
    const due = started + (i * 1000) / perSecond;
    const wait = due - performance.now();
    if (wait > 0) await new Promise((done) => setTimeout(done, wait));
    const t0 = performance.now();
    pending.push(once().then((ok) => (ok ? void latencies.push(performance.now() - t0) : void (failures += 1)), () => void (failures += 1)));
  }
  await Promise.all(pending);
  return summary(latencies, failures, started);
}

/** Proportional memory (PSS: shared pages split between sharers) of a process and its descendants, in MB. */
export async function treePssMb(pid: number): Promise<number> {
  let total = 0;
  for (const member of await tree(pid)) total += await pssMb(member);
  return total;
}

/** PSS of one process, in MB (0 once it has ended). */
export async function pssMb(pid: number): Promise<number> {
  const { readFileSync } = await import('node:fs');
  try {
    return Number(/^Pss:\s+(\d+)/m.exec(readFileSync(`/proc/${pid}/smaps_rollup`, 'utf8'))?.[1] ?? 0) / 1024;
  } catch {
    return 0; // the process ended while we looked
  }
}

/** PSS of one named mapping of a process (`[heap]`: the C allocator's main arena), summed over its entries, in MB. */
export async function mappingPssMb(pid: number, mapping: string): Promise<number> {
  const { readFileSync } = await import('node:fs');
  try {
    let kb = 0;
    let inside = false;
    for (const line of readFileSync(`/proc/${pid}/smaps`, 'utf8').split('\n')) {
      if (/^[0-9a-f]+-[0-9a-f]+ /.test(line)) inside = line.trimEnd().endsWith(` ${mapping}`);
      else if (inside && line.startsWith('Pss:')) kb += Number(/\d+/.exec(line)![0]);
    }
    return kb / 1024;
  } catch {
    return 0; // the process ended while we looked
  }
}

/** A process and all its descendants' pids. */
export async function tree(pid: number): Promise<number[]> {
  const { readFileSync, readdirSync } = await import('node:fs');
  const children = new Map<number, number[]>();
  for (const entry of readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
    try {
      const ppid = Number(/PPid:\s+(\d+)/.exec(readFileSync(`/proc/${entry}/status`, 'utf8'))?.[1]);
      children.set(ppid, [...(children.get(ppid) ?? []), Number(entry)]);
    } catch {
      // the process ended while we looked
    }
  }
  const members: number[] = [];
  const stack = [pid];
  while (stack.length > 0) {
    const current = stack.pop()!;
    members.push(current);
    stack.push(...(children.get(current) ?? []));
  }
  return members;
}

/** Resident memory of a process and all its descendants (the service plus its Chromium), in MB. */
export async function treeRssMb(pid: number): Promise<number> {
  const { readFileSync, readdirSync } = await import('node:fs');
  const children = new Map<number, number[]>();
  const rss = new Map<number, number>();
  for (const entry of readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
    try {
      const status = readFileSync(`/proc/${entry}/status`, 'utf8');
      const ppid = Number(/PPid:\s+(\d+)/.exec(status)?.[1]);
      rss.set(Number(entry), Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0));
      children.set(ppid, [...(children.get(ppid) ?? []), Number(entry)]);
    } catch {
      // the process ended while we looked
    }
  }
  let total = 0;
  const stack = [pid];
  while (stack.length > 0) {
    const current = stack.pop()!;
    total += rss.get(current) ?? 0;
    stack.push(...(children.get(current) ?? []));
  }
  return total / 1024;
}
