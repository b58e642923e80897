import { ChildProcess, spawn } from 'node:child_process';
import { createWriteStream, mkdirSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { processTree } from '../../../src/infra/browser/browser-process.js';
import { freePort, RUN_DIR } from '../../harness/app-process.js';

const SUBREAPER = resolve('test/faults/harness/subreaper.py');

/** `node dist/main.js` under a subreaper (as tini runs it in the image), so the test sees every process it leaves. */
export class ServiceProcess {
  /** Resolves with the exit code once the service AND every process it started are gone. */
  readonly gone: Promise<number | null>;

  private constructor(
    readonly name: string,
    readonly baseUrl: string,
    private readonly wrapper: ChildProcess,
  ) {
    this.gone = new Promise((done) => wrapper.once('exit', (code) => done(code)));
  }

  static async start(name: string, env: Record<string, string>, readyMs = 60_000): Promise<ServiceProcess> {
    mkdirSync(RUN_DIR, { recursive: true });
    const port = await freePort();
    const log = createWriteStream(resolve(RUN_DIR, `faults-${name}.log`));
    const wrapper = spawn('python3', [SUBREAPER, process.execPath, 'dist/main.js'], {
      env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '/root', HOST: '127.0.0.1', PORT: String(port), ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    wrapper.stdout?.pipe(log);
    wrapper.stderr?.pipe(log);
    const service = new ServiceProcess(name, `http://127.0.0.1:${port}`, wrapper);
    try {
      await service.waitReady(readyMs);
    } catch (error) {
      // Never left running past the test: a loaded machine once left four of them, with their stacks, for hours.
      service.stopUnready();
      await service.gone;
      throw error;
    }
    return service;
  }

  /** kill -9 of a service that never became ready: its tree once node has started, else the subreaper itself. */
  private stopUnready(): void {
    if (!this.running) return;
    const pid = this.wrapper.pid!;
    const started = readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim() !== '';
    if (started) this.kill9();
    else this.wrapper.kill('SIGKILL');
  }

  /** What the service has written to its log so far (stdout and stderr). */
  logText(): string {
    return readFileSync(resolve(RUN_DIR, `faults-${this.name}.log`), 'utf8');
  }

  get running(): boolean {
    return this.wrapper.exitCode === null && this.wrapper.signalCode === null;
  }

  /** The node process itself (the subreaper's child). */
  get nodePid(): number {
    const wrapperPid = this.wrapper.pid!;
    const children = readFileSync(`/proc/${wrapperPid}/task/${wrapperPid}/children`, 'utf8').trim().split(/\s+/).map(Number);
    return children[0];
  }

  /** The node process and everything under it (Chromium and its renderers). */
  tree(): number[] {
    return processTree(this.nodePid);
  }

  /** kill -9 of the service and its Chromium, by pid; the subreaper then reaps them and exits. */
  kill9(): number[] {
    const pids = this.tree();
    for (const pid of pids) {
      try {
        process.kill(pid, 'SIGKILL');
      } catch {
        // it died with its parent already
      }
    }
    return pids;
  }

  /** SIGTERM to the service (a graceful stop); resolves when it and its children are gone. */
  async terminate(timeoutMs = 90_000): Promise<number | null> {
    if (!this.running) return this.gone;
    process.kill(this.nodePid, 'SIGTERM');
    const timer = setTimeout(() => this.running && this.kill9(), timeoutMs);
    const code = await this.gone;
    clearTimeout(timer);
    return code;
  }

  private async waitReady(readyMs: number): Promise<void> {
    for (const until = Date.now() + readyMs; Date.now() < until; await new Promise((done) => setTimeout(done, 200))) {
      if (!this.running) throw new Error(`${this.name} exited; see ${RUN_DIR}/faults-${this.name}.log`);
      const ready = await fetch(`${this.baseUrl}/health/ready`).then((response) => response.status === 200, () => false);
      if (ready) return;
    }
    throw new Error(`${this.name} not ready within ${readyMs / 1000} s; see ${RUN_DIR}/faults-${this.name}.log`);
  }
}
