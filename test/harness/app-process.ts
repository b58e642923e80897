import { ChildProcess, spawn } from 'node:child_process';
import { createWriteStream, mkdirSync, readFileSync } from 'node:fs';
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

/**
 * Where the harness's servers listen: below Linux's ephemeral range (32768-60999), from which outgoing connections and
 * `listen(0)` draw their ports. A port found free there could be taken by one of those (a Redis client, Chromium,
 * another stack's fixture) in the seconds before the service binds it; here only another harness's pick could.
 */
const PORTS = { from: 20_000, to: 32_000 };

export async function freePort(): Promise<number> {
  for (let attempt = 0; attempt < 50; attempt++) {
    const port = PORTS.from + Math.floor(Math.random() * (PORTS.to - PORTS.from));
    if (await canListen(port)) return port;
  }
  throw new Error(`no free port found between ${PORTS.from} and ${PORTS.to}`);
}

function canListen(port: number): Promise<boolean> {
  const server = createServer();
  return new Promise((done) => {
    server.once('error', () => done(false));
    server.listen(port, '127.0.0.1', () => server.close(() => done(true)));
  });
}

/** Starts the built service (`node dist/main.js`) exactly as users run it, and waits until /health/ready says 200. */
/** `nodeArgs`: flags for node itself (the bench's `--cpu-prof`, which NODE_OPTIONS refuses). */
export async function startAppProcess(name: string, env: Record<string, string>, nodeArgs: string[] = []): Promise<AppProcess> {
  mkdirSync(RUN_DIR, { recursive: true });
  const logPath = resolve(RUN_DIR, `${name}.log`);
  for (let attempt = 1; ; attempt++) {
    const port = await freePort();
    const log = createWriteStream(logPath, { flags: attempt === 1 ? 'w' : 'a' });
    const child = spawn(process.execPath, [...nodeArgs, 'dist/main.js'], {
      env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '/root', HOST: '127.0.0.1', PORT: String(port), ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    // Two sources into one file: it ends when the process and both its pipes have closed, not when the first pipe does.
    child.stdout?.pipe(log, { end: false });
    child.stderr?.pipe(log, { end: false });
    const logged = new Promise<void>((done) => child.once('close', () => log.end(done)));
    const baseUrl = `http://127.0.0.1:${port}`;
    try {
      await waitReady(baseUrl, child, name);
      return { baseUrl, port, child, stop: () => stopChild(child) };
    } catch (error) {
      // An app that never became ready is stopped, not left behind: an orphan worker on a shared Redis database would
      // take the jobs of the next run's app of that name (it did, after a CI run on an overloaded machine).
      if (child.exitCode === null) {
        await stopChild(child);
        throw error;
      }
      // Only a port taken meanwhile is tried again, on another port; any other failure is the test's to see.
      if (attempt >= 3) throw error;
      await logged;
      if (!readFileSync(logPath, 'utf8').includes('EADDRINUSE')) throw error;
    }
  }
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
