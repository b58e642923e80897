import { readFileSync } from 'node:fs';

/** CPU time (user + system, every thread) a process has used, in ms, from /proc (clock ticks of 10 ms). */
export function processCpuMs(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').replace(/^.*\) /s, '').split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

/** Polls `probe` until `stop` resolves, and answers the slowest answer's time in ms. */
export async function slowestWhile(stop: Promise<unknown>, probe: () => Promise<unknown>): Promise<number> {
  let done = false;
  void stop.finally(() => (done = true));
  let slowest = 0;
  while (!done) {
    const started = Date.now();
    await probe();
    slowest = Math.max(slowest, Date.now() - started);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return slowest;
}
