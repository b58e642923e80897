import type { ChildProcess } from 'node:child_process';

/** SIGKILL and wait for the exit: a store vanishes at once, mid-transaction, like a crashed or restarted pod. */
export async function killAndWait(child: ChildProcess | null): Promise<void> {
  if (!child || child.exitCode !== null) return;
  const exited = new Promise((done) => child.once('exit', done));
  child.kill('SIGKILL');
  await exited;
}
