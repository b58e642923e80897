import { Logger } from '@nestjs/common';
import type { Browser, CDPSession } from 'puppeteer';
import { browserPid, hearPipeErrors, killQuietly, treeRssMb } from './browser-process.js';
import { withFallback } from '../../common/time/deadline.js';

export interface RecyclePolicy {
  /** Jobs one browser serves before it is replaced. */
  readonly maxJobs: number;
  /** The browser's process tree RSS is checked every this many jobs... */
  readonly memoryCheckEvery: number;
  /** ...and the browser replaced when it is above this. */
  readonly maxRssMb: number;
}

/** One launched browser and what runs in it. */
export class BrowserInstance {
  jobs = 0;
  active = 0;
  /** No new job starts here; closed once `active` reaches 0. */
  draining = false;
  crashed = false;
  closing = false;
  private userAgent: Promise<string> | null = null;
  private probeSession: Promise<CDPSession> | null = null;

  constructor(
    readonly browser: Browser,
    /** The browser process itself (not a wrapper script). */
    readonly pid: number | null,
    /** The process puppeteer spawned: leader of the browser's process group. */
    readonly groupPid: number | null,
    readonly generation: number,
  ) {}

  get usable(): boolean {
    return !this.draining && this.alive;
  }

  /** Still able to serve the jobs it has: a draining browser is alive until its last job ends. */
  get alive(): boolean {
    return !this.crashed && !this.closing && this.browser.connected;
  }

  /**
   * A round trip to the browser process itself, on a session of its own target kept for these probes. Not
   * browser.version(): puppeteer caches its answer, so it answers from memory for a browser that stopped.
   */
  probe(): Promise<unknown> {
    if (!this.probeSession) {
      const session = this.browser.target().createCDPSession();
      // A session that could not attach is not kept: the next probe attaches again.
      session.catch(() => {
        if (this.probeSession === session) this.probeSession = null;
      });
      this.probeSession = session;
    }
    return this.probeSession.then((client) => client.send('Browser.getVersion'));
  }

  /** The browser's own user agent (restored on a reused tab after a job that replaced it). */
  defaultUserAgent(): Promise<string> {
    this.userAgent ??= this.browser.userAgent();
    return this.userAgent;
  }
}

type RetireListener = (instance: BrowserInstance, crashed: boolean) => void;

/**
 * One browser per worker process, launched on demand by the cluster's concurrency; replaced after N jobs or too much
 * memory without waiting for the other slots' jobs (the old browser closes when its last job ends); notices crashes.
 */
export class BrowserLauncher {
  private readonly logger = new Logger('BrowserLauncher');
  private current: BrowserInstance | null = null;
  private launching: Promise<BrowserInstance> | null = null;
  private readonly instances = new Set<BrowserInstance>();
  private readonly retireListeners: RetireListener[] = [];
  private generation = 0;
  private stopped = false;
  /** Why the last launch failed, until one succeeds: a worker that cannot start its browser is not ready. */
  private failure: Error | null = null;

  constructor(
    /** Starts a browser: the cluster's puppeteer with the cluster's launch options. */
    private readonly start: () => Promise<Browser>,
    /** What the logs call the browser (its executable). */
    private readonly label: string,
    private readonly policy: RecyclePolicy,
  ) {}

  /** Called when an instance stops taking jobs: drained (crashed=false) or disconnected under its jobs (crashed=true). */
  onRetire(listener: RetireListener): void {
    this.retireListeners.push(listener);
  }

  get connected(): boolean {
    return this.current?.usable ?? false;
  }

  get currentPid(): number | null {
    return this.current?.usable ? this.current.pid : null;
  }

  /** The browsers still alive (the current one, draining ones): all probed by the watchdog, with jobs or between them. */
  get live(): BrowserInstance[] {
    return [...this.instances].filter((instance) => instance.alive);
  }

  get launchFailure(): Error | null {
    return this.failure;
  }

  get launchedCount(): number {
    return this.generation;
  }

  /** The browser for a new job (launched if needed); pair with checkin(). */
  async checkout(): Promise<BrowserInstance> {
    if (this.stopped) throw new Error('The browser cluster is shut down.');
    const instance = this.current?.usable ? this.current : await this.launchOnce();
    instance.jobs++;
    instance.active++;
    return instance;
  }

  checkin(instance: BrowserInstance): void {
    instance.active--;
    if (!instance.draining && !instance.crashed) this.maybeRecycle(instance);
    if (instance.draining && instance.active === 0) void this.close(instance);
  }

  /** No new job on this browser; it closes when its last job ends. */
  drain(instance: BrowserInstance, reason: string): void {
    if (instance.draining) return;
    instance.draining = true;
    if (this.current === instance) this.current = null;
    this.logger.log(`Recycling browser #${instance.generation} (pid ${instance.pid}): ${reason}`);
    this.emitRetire(instance, false);
    if (instance.active === 0) void this.close(instance);
  }

  async shutdown(): Promise<void> {
    this.stopped = true;
    await this.launching?.catch(() => undefined);
    await Promise.all([...this.instances].map((instance) => this.close(instance)));
    this.current = null;
  }

  private maybeRecycle(instance: BrowserInstance): void {
    if (instance.jobs >= this.policy.maxJobs) return this.drain(instance, `${instance.jobs} jobs served`);
    if (instance.pid && instance.jobs % this.policy.memoryCheckEvery === 0) {
      const rss = treeRssMb(instance.pid);
      if (rss > this.policy.maxRssMb) this.drain(instance, `${rss} MB resident`);
    }
  }

  private launchOnce(): Promise<BrowserInstance> {
    this.launching ??= this.launch().finally(() => {
      this.launching = null;
    });
    return this.launching;
  }

  private async launch(): Promise<BrowserInstance> {
    const browser = await this.start().catch((error: Error) => {
      this.failure = error;
      throw error;
    });
    this.failure = null;
    hearPipeErrors(browser.process(), (error) => this.logger.debug(`Browser pipe: ${error.message}`));
    const instance = new BrowserInstance(browser, await browserPid(browser), browser.process()?.pid ?? null, ++this.generation);
    browser.on('disconnected', () => this.onDisconnected(instance));
    this.instances.add(instance);
    this.current = instance;
    this.logger.log(`Browser #${instance.generation} launched (pid ${instance.pid}, ${this.label})`);
    return instance;
  }

  private onDisconnected(instance: BrowserInstance): void {
    if (instance.closing) return;
    instance.crashed = true;
    if (this.current === instance) this.current = null;
    this.logger.warn(`Browser #${instance.generation} (pid ${instance.pid}) disconnected with ${instance.active} job(s) running`);
    this.emitRetire(instance, true);
    this.reap(instance);
  }

  private emitRetire(instance: BrowserInstance, crashed: boolean): void {
    for (const listener of this.retireListeners) listener(instance, crashed);
  }

  private async close(instance: BrowserInstance): Promise<void> {
    if (instance.closing) return;
    instance.closing = true;
    if (this.current === instance) this.current = null;
    await withFallback(instance.browser.close(), 5000, undefined);
    this.reap(instance);
  }

  /** Whatever is left of the browser's processes (renderers of a killed browser, a hung shutdown) is killed. */
  private reap(instance: BrowserInstance): void {
    killQuietly(instance.pid);
    if (instance.groupPid) killQuietly(-instance.groupPid);
    this.instances.delete(instance);
  }
}
