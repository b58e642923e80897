import { ChildProcess, spawn } from 'node:child_process';
import { createWriteStream, mkdirSync } from 'node:fs';
import { createServer } from 'node:net';
import { resolve } from 'node:path';
import { RUN_DIR } from './run-dir.js';

export interface AppProcess {
  readonly baseUrl: string;
  readonly port: number;
  readonly child: ChildProcess;
  stop(): Promise<void>;
}

export { RUN_DIR };

export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address() as { port: number };
  await new Promise<void>((done) => server.close(() => done()));
  return port;
}

/** Starts the built service (`node dist/main.js`) exactly as users run it, and waits until /health/ready says 200. */
/** `nodeArgs`: flags for node itself (the bench's `--cpu-prof`, which NODE_OPTIONS refuses). */
export async function startAppProcess(name: string, env: Record<string, string>, nodeArgs: string[] = []): Promise<AppProcess> {
  mkdirSync(RUN_DIR, { recursive: true });
  const port = await freePort();
  const log = createWriteStream(resolve(RUN_DIR, `${name}.log`));
  const child = spawn(process.execPath, [...nodeArgs, 'dist/main.js'], {
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '/root', HOST: '127.0.0.1', PORT: String(port), ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.pipe(log);
  child.stderr?.pipe(log);
  const baseUrl = `http://127.0.0.1:${port}`;
  await waitReady(baseUrl, child, name);
  return {
    baseUrl,
    port,
    child,
    stop: () => stopChild(child),
  };
}

async function waitReady(baseUrl: string, child: ChildProcess, name: string): Promise<void> {
  const until = Date.now() + 60_000;
  while (Date.now() < until) {
    if (child.exitCode !== null) throw new Error(`app "${name}" exited with ${child.exitCode}; see ${RUN_DIR}/${name}.log`);
    try {
      const response = await fetch(`${baseUrl}/health/ready`);
      if (response.status === 200) return;
    } catch {
      // not listening yet
    }
    await new Promise((done) => setTimeout(done, 200));
  }
  throw new Error(`app "${name}" not ready within 60 s; see ${RUN_DIR}/${name}.log`);
}

async function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise<void>((done) => child.once('exit', () => done()));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
  await exited;
  clearTimeout(timer);
}
