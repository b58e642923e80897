import { join } from 'node:path';
import { Injectable, Logger, OnApplicationShutdown, OnModuleInit } from '@nestjs/common';
import type { AppConfig } from '../../config/app-config.js';
import { InjectConfig } from '../../config/config.module.js';
import { NetworkPolicy } from '../network/network-policy.js';
import type { ProxyRoute } from '../proxy/proxy-route.js';
import { EgressRelay } from '../proxy/relay/egress-relay.js';
import type { RelaySlot, SlotBinding } from '../proxy/relay/relay-slot.js';
import { AdblockEngineLoader } from './adblock-engine.js';
import { BrowserInstance, BrowserLauncher } from './browser-launcher.js';
import type { BrowserTab } from './browser-tab.js';
import { captureTab, DebugCapture } from './debug-capture.js';
import { HangWatchdog } from './hang-watchdog.js';
import { JobRun } from './job-run.js';
import { LeasePool, PageLease } from './lease-pool.js';
import { classifyBrowserError } from './navigation-errors.js';
import type { PageOptions, PageSession } from './page-options.js';
import { JobPageSession } from './page-session.js';
import { GuardJob, guardRules } from './request-guard.js';
import { Semaphore } from './semaphore.js';

export interface PageJobSpec {
  readonly jobId: string;
  readonly route: ProxyRoute;
  readonly options: PageOptions;
  /** Epoch ms: the job's page is closed at this time whatever it is doing. */
  readonly deadline: number;
}

export interface BrowserPoolStats {
  readonly browserPid: number | null;
  readonly pagesOpen: number;
  readonly jobsWaiting: number;
  readonly contextsIdle: number;
  readonly contextsCreated: number;
  /** New tabs opened; the difference from jobsServed is how many jobs ran on a wiped, reused tab. */
  readonly tabsOpened: number;
  readonly jobsServed: number;
  readonly browsersLaunched: number;
}

interface RunningJob {
  readonly run: JobRun;
  readonly instance: BrowserInstance;
  readonly tab: BrowserTab;
}

interface JobState {
  instance: BrowserInstance | null;
  lease: PageLease | null;
  guard: GuardJob | null;
  slot: RelaySlot | null;
  egress: SlotBinding | null;
}

const RECYCLE_AFTER_JOBS = 500;

/**
 * The worker's browser: one Chromium per process, at most BROWSER_CONCURRENCY pages at once. Each job runs in the
 * context of a relay slot, bound to the job's route for the job's time, wiped and reused by the slot's next job
 * whatever its route (see tab-wipe.ts for what "wiped" covers).
 */
@Injectable()
export class BrowserPool implements OnModuleInit, OnApplicationShutdown {
  readonly enabled: boolean;
  private readonly logger = new Logger(BrowserPool.name);
  private readonly slots: Semaphore;
  private readonly launcher: BrowserLauncher;
  private readonly leases: LeasePool;
  private readonly adblock: AdblockEngineLoader;
  private readonly watchdog: HangWatchdog;
  private readonly running = new Map<string, RunningJob>();
  private readonly cleanups = new Set<Promise<void>>();
  private jobsServed = 0;
  private tabsOpened = 0;

  constructor(
    @InjectConfig() private readonly config: AppConfig,
    private readonly policy: NetworkPolicy,
    private readonly relay: EgressRelay,
  ) {
    const { concurrency, chromiumPath, adblockLists } = config.browser;
    this.enabled = config.runsWorker;
    this.slots = new Semaphore(concurrency);
    const protocolTimeout = Math.max(180_000, config.chatTimeoutMs + 30_000);
    this.launcher = new BrowserLauncher(chromiumPath, protocolTimeout, {
      maxJobs: RECYCLE_AFTER_JOBS,
      memoryCheckEvery: 50,
      maxRssMb: 1536 + 384 * concurrency,
    });
    this.leases = new LeasePool(2 * concurrency);
    this.adblock = new AdblockEngineLoader(adblockLists, join(config.dataDir, 'cache'));
    this.launcher.onRetire((instance, crashed) => this.onRetire(instance, crashed));
    this.watchdog = new HangWatchdog(config.browser.hangMs, {
      running: () => this.running.values(),
      replace: (instance, reason) => this.launcher.drain(instance, reason),
    });
  }

  onModuleInit(): void {
    // Parsing EasyList takes most of a second the first time: done now rather than in the first job.
    if (this.enabled) void this.adblock.engine().catch((error: unknown) => this.logger.warn(`Adblock lists not loaded: ${String(error)}`));
    if (this.enabled) this.watchdog.start();
  }

  async onApplicationShutdown(): Promise<void> {
    this.watchdog.stop();
    await this.settle();
    await this.leases.closeAll();
    await this.launcher.shutdown();
  }

  /** True when the browser is connected, or not launched yet (it starts with the first job). */
  async isHealthy(): Promise<boolean> {
    return !this.enabled || this.launcher.connected || this.launcher.currentPid === null;
  }

  stats(): BrowserPoolStats {
    return {
      browserPid: this.launcher.currentPid,
      pagesOpen: this.slots.inUse,
      jobsWaiting: this.slots.waiting,
      contextsIdle: this.leases.idleCount,
      contextsCreated: this.leases.createdCount,
      tabsOpened: this.tabsOpened,
      jobsServed: this.jobsServed,
      browsersLaunched: this.launcher.launchedCount,
    };
  }

  /** Resolves once every finished job's tab is wiped and parked (or closed). */
  async settle(): Promise<void> {
    while (this.cleanups.size > 0) await Promise.allSettled([...this.cleanups]);
  }

  /** The live view of a job holding a page in this process, or null. */
  async captureDebug(jobId: string): Promise<DebugCapture | null> {
    const job = this.running.get(jobId);
    return job ? captureTab(job.tab.page) : null;
  }

  /** Runs fn with the job's page; the page is wiped (or closed) on every exit path, after the result is handed back. */
  async withPage<T>(spec: PageJobSpec, fn: (session: PageSession) => Promise<T>): Promise<T> {
    if (!this.enabled) throw new Error('This process runs no browser (ROLE=api).');
    const run = new JobRun(spec.jobId, spec.deadline);
    const state: JobState = { instance: null, lease: null, guard: null, slot: null, egress: null };
    let release: (() => void) | null = null;
    try {
      release = await this.slots.acquire(run.signal);
      const session = await this.open(spec, run, state);
      return await run.race(fn(session));
    } catch (error) {
      throw this.failure(error, run, state);
    } finally {
      this.running.delete(spec.jobId);
      run.dispose();
      this.track(this.finish(run, state, release));
    }
  }

  private async open(spec: PageJobSpec, run: JobRun, state: JobState): Promise<JobPageSession> {
    const slot = (state.slot = await this.relay.claim());
    const egress = (state.egress = slot.bind(spec.route));
    const instance = (state.instance = await this.launcher.checkout());
    const lease = (state.lease = await this.leases.acquire(instance, slot));
    if (!lease.tab) this.tabsOpened++;
    const tab = await lease.openTab(this.policy);
    const adblock = spec.options.adblock ? await this.adblock.engine().catch(() => null) : null;
    const rules = guardRules(this.config, spec.options, adblock);
    const userAgent = await instance.defaultUserAgent();
    const prepared = await tab.prepare(spec.options, rules, userAgent, (error) => run.fail(error));
    state.guard = prepared.job;
    run.onStop(() => void tab.page.close().catch(() => undefined));
    if (!instance.usable) run.crash();
    if (run.ended) throw run.signal.reason;
    this.running.set(spec.jobId, { run, instance, tab });
    this.watchdog.watch(tab.page);
    return new JobPageSession(prepared.page, spec.options, tab.page, run, prepared.job, egress);
  }

  /** The job's end reason (deadline, crash, refused WebSocket) wins; otherwise the browser error's meaning, if any. */
  private failure(error: unknown, run: JobRun, state: JobState): unknown {
    if (run.ended) return run.signal.reason;
    const context = {
      blockedNavigation: state.guard?.blockedNavigation ?? null,
      deadlinePassed: run.deadlinePassed,
      crashed: run.crashed || state.instance?.browser.connected === false,
      proxyFailed: state.egress?.proxyFault != null,
    };
    return classifyBrowserError(error, context) ?? error;
  }

  /** Wipes and parks the lease (or closes it), then gives the browser and the slot back. */
  private async finish(run: JobRun, state: JobState, release: (() => void) | null): Promise<void> {
    const { instance, lease } = state;
    try {
      const dropped = lease ? await this.leases.recycle(lease, run.ended) : null;
      if (dropped) this.logger.debug(`Job ${run.jobId}: its tab is not reused (${dropped})`);
    } catch (error) {
      this.logger.warn(`Cleaning up job ${run.jobId} failed: ${String(error)}`);
    } finally {
      if (state.slot) this.relay.release(state.slot);
      if (instance) {
        this.jobsServed++;
        this.launcher.checkin(instance);
      }
      release?.();
    }
  }

  private onRetire(instance: BrowserInstance, crashed: boolean): void {
    this.leases.forget(instance);
    if (!crashed) return;
    for (const job of this.running.values()) if (job.instance === instance) job.run.crash();
  }

  private track(cleanup: Promise<void>): void {
    this.cleanups.add(cleanup);
    void cleanup.finally(() => this.cleanups.delete(cleanup));
  }
}
