import { constants } from 'node:fs';
import { access } from 'node:fs/promises';
import { isAbsolute, join } from 'node:path';
import { Logger, OnApplicationShutdown, OnModuleInit } from '@nestjs/common';
import puppeteer from 'puppeteer';
import { Cluster } from 'puppeteer-cluster';
import type { AppConfig } from '../../config/app-config.js';
import { NetworkPolicy } from '../network/network-policy.js';
import type { MetricsService } from '../metrics/metrics.service.js';
import { EgressRelay } from '../proxy/relay/egress-relay.js';
import { AdblockEngineLoader } from './adblock-engine.js';
import type { BrowserLauncher, RecyclePolicy } from './browser-launcher.js';
import { dispatchPromptly } from './cluster/prompt-dispatch.js';
import { slotConcurrency } from './cluster/slot-concurrency.js';
import { ClusterCounters } from './cluster/slot-worker.js';
import { captureTab, DebugCapture, viewportThumbnail } from './debug-capture.js';
import { HangWatchdog } from './hang-watchdog.js';
import { JobRun } from './job-run.js';
import { launchOptions } from './launch-options.js';
import type { PageSession } from './page-options.js';
import { HeldPage, PageJobSpec, PageTask } from './page-task.js';

export interface BrowserClusterStats {
  readonly browserPid: number | null;
  readonly pagesOpen: number;
  readonly jobsWaiting: number;
  readonly contextsCreated: number;
  /** New tabs opened; the difference from jobsServed is how many jobs ran on a wiped, reused tab. */
  readonly tabsOpened: number;
  readonly jobsServed: number;
  readonly browsersLaunched: number;
}

/** What tests may tighten (passed to the constructor); production uses the defaults. */
export interface BrowserTuning {
  readonly recycle?: Partial<RecyclePolicy>;
  /** The cluster's own task timeout: a backstop behind every job's deadline. */
  readonly clusterTimeoutMs?: number;
}

/**
 * Jobs a browser serves before it is replaced (sooner past its memory limit, checked every 50 jobs). A replacement
 * costs about 3 s of CPU: a new browser, and new renderers that are cold for their first pages (measured with the
 * bench's cost account, a window with a replacement against one without). After 500 jobs that was about 6 ms of CPU
 * a job, a tenth of a crawl's; after 2,000 it is 1.5 ms.
 */
const RECYCLE_AFTER_JOBS = 2000;
/** A job that held (or waited for) its page longer than this logs where the time went. */
const SLOW_JOB_MS = 5000;

/**
 * The worker's browser, scheduled by puppeteer-cluster: one Chromium per process (owned by the cluster's custom
 * concurrency), a cluster worker per tab (config browser.tabs: BROWSER_CONCURRENCY and spares, opened on demand), each
 * a relay slot with a context reused one job at a time. The queue runs at most BROWSER_CONCURRENCY jobs at once.
 * A job is `cluster.execute(spec, task)`; the task binds the slot to the job's route, sets the tab up, and runs the
 * operation under the job's deadline. The answer is handed back as soon as the operation settles; the cluster wipes
 * the tab after it. Provided by BrowserModule's factory with the default tuning.
 */
export class BrowserCluster implements OnModuleInit, OnApplicationShutdown {
  readonly enabled: boolean;
  private readonly logger = new Logger(BrowserCluster.name);
  private readonly adblock: AdblockEngineLoader;
  private readonly watchdog: HangWatchdog;
  private readonly counters = new ClusterCounters();
  /** By run, not job id: a site crawl's pages share their crawl's id, and several run at once. */
  private readonly running = new Map<JobRun, HeldPage>();
  private readonly executions = new Set<Promise<unknown>>();
  private readonly recycle: RecyclePolicy;
  private cluster: Promise<Cluster<string, void>> | null = null;
  private launcher: BrowserLauncher | null = null;
  private waiting = 0;

  constructor(
    private readonly config: AppConfig,
    private readonly policy: NetworkPolicy,
    private readonly relay: EgressRelay,
    private readonly tuning: BrowserTuning = {},
    /** Absent in tests that build the cluster alone. */
    private readonly metrics: MetricsService | null = null,
  ) {
    const { concurrency, adblockLists } = config.browser;
    this.enabled = config.runsWorker;
    this.recycle = { maxJobs: RECYCLE_AFTER_JOBS, memoryCheckEvery: 50, maxRssMb: 1536 + 384 * concurrency, ...tuning.recycle };
    this.adblock = new AdblockEngineLoader(adblockLists, join(config.dataDir, 'cache'));
    this.watchdog = new HangWatchdog(config.browser.hangMs, {
      running: () => this.running.values(),
      browsers: () => this.launcher?.live ?? [],
    });
  }

  async onModuleInit(): Promise<void> {
    if (!this.enabled) return;
    // Parsing EasyList takes most of a second the first time: done now rather than in the first job.
    void this.adblock.engine().catch((error: unknown) => this.logger.warn(`Adblock lists not loaded: ${String(error)}`));
    this.watchdog.start();
    // The cluster starts no browser until the first job; launching it now checks at boot that it took our concurrency.
    await this.launched();
  }

  async onApplicationShutdown(): Promise<void> {
    this.watchdog.stop();
    await this.settle();
    const cluster = await this.cluster?.catch(() => null);
    await cluster?.close();
  }

  /**
   * True when the browser is connected, or not launched yet (it starts with the first job) and its executable is
   * there to start; false while its last launch failed, so a worker that cannot start Chromium is taken out of service.
   */
  async isHealthy(): Promise<boolean> {
    if (!this.enabled) return true;
    if (this.launcher?.launchFailure) return false;
    if (this.launcher?.connected) return true;
    const executable = this.config.browser.chromiumPath;
    // A bare command name is found on PATH when spawned: only its first launch can tell.
    return !isAbsolute(executable) || access(executable, constants.X_OK).then(() => true, () => false);
  }

  stats(): BrowserClusterStats {
    return {
      browserPid: this.launcher?.currentPid ?? null,
      pagesOpen: this.running.size,
      jobsWaiting: this.waiting,
      ...this.counters,
      browsersLaunched: this.launcher?.launchedCount ?? 0,
    };
  }

  /** Resolves once every job handed to the cluster is over, its tab wiped (or its context closed). */
  async settle(): Promise<void> {
    while (this.executions.size > 0) await Promise.allSettled([...this.executions]);
  }

  /** The live view of a job holding a page in this process, or null. */
  async captureDebug(jobId: string): Promise<DebugCapture | null> {
    const job = this.heldBy(jobId);
    return job ? captureTab(job.tab.page, job.tab.client) : null;
  }

  /** The thumbnail a live view of the job's held tab shows; '' when this process holds no page of the job. */
  async thumbnail(jobId: string): Promise<string> {
    const job = this.heldBy(jobId);
    return job ? viewportThumbnail(job.tab.page, job.tab.client) : '';
  }

  private heldBy(jobId: string): HeldPage | undefined {
    for (const held of this.running.values()) if (held.run.jobId === jobId) return held;
    return undefined;
  }

  /** Runs fn with the job's page on a cluster worker; resolves with fn's answer, or rejects with the job's AppError. */
  async withPage<T>(spec: PageJobSpec, fn: (session: PageSession) => Promise<T>): Promise<T> {
    if (!this.enabled) throw new Error('This process runs no browser (ROLE=api).');
    const run = new JobRun(spec.jobId, spec.deadline, spec.signal);
    const task = new PageTask(spec, run, fn, { policy: this.policy, config: this.config, adblock: this.adblock });
    this.waiting++;
    let waiting = true;
    const started = (): void => {
      if (waiting) this.waiting--;
      waiting = false;
    };
    try {
      const cluster = await run.race(this.launched());
      const answer = new Promise<T>((resolve, reject) => {
        // The job id is the cluster's data: it inspects its data for its debug log, and the route holds credentials.
        const execution = cluster.execute(spec.jobId, ({ page }) => {
          run.mark('tab');
          started();
          return task.perform(page, (held) => this.hold(held)).then(resolve, reject);
        });
        // The cluster's own failure (closed, or its timeout before the task began); a no-op once the task answered.
        this.track(execution.catch(reject));
      });
      return await run.race(answer);
    } catch (error) {
      throw task.failure(error);
    } finally {
      started();
      this.running.delete(run);
      run.dispose();
      for (const { step, ms } of run.durations()) this.metrics?.jobStep(step, ms);
      if (run.elapsedMs() > SLOW_JOB_MS || run.notable) this.logger.log(`Job ${spec.jobId} took ${run.elapsedMs()} ms for its page: ${run.timeline()}`);
    }
  }

  /** A failed launch is not kept: the next job tries again rather than meeting the same rejection for good. */
  private launched(): Promise<Cluster<string, void>> {
    this.cluster ??= Cluster.launch({
      concurrency: slotConcurrency({ relay: this.relay, policy: this.policy, tabCacheBytes: this.config.browser.tabCacheBytes, counters: this.counters,
        recycle: this.recycle, adopt: (launcher) => this.adopt(launcher),
        stepTaken: (step, ms) => this.metrics?.jobStep(step, ms),
      }),
      // More tabs than jobs at once (the queue's concurrency bounds those): a job does not wait for a tab's wipe.
      maxConcurrency: this.config.browser.tabs,
      puppeteer,
      puppeteerOptions: launchOptions(this.config.browser.chromiumPath, Math.max(180_000, this.config.chatTimeoutMs + 30_000), this.config.browser.environment),
      timeout: this.tuning.clusterTimeoutMs ?? Math.max(300_000, this.config.chatTimeoutMs + 60_000),
      retryLimit: 0,
    })
      .then((cluster) => this.checked(cluster))
      .catch((error: unknown) => {
        this.cluster = null;
        throw error;
      });
    return this.cluster;
  }

  /**
   * puppeteer-cluster's custom concurrency is duck-typed (slot-concurrency.ts) and its dispatch rescheduled
   * (prompt-dispatch.ts): this says at once if either no longer fits the cluster.
   */
  private async checked(cluster: Cluster<string, void>): Promise<Cluster<string, void>> {
    try {
      if (!this.launcher) throw new Error('puppeteer-cluster assumption broken: Cluster.launch did not construct the slot concurrency (see slot-concurrency.ts)');
      dispatchPromptly(cluster);
      return cluster;
    } catch (error) {
      await cluster.close();
      throw error;
    }
  }

  private hold(held: HeldPage): void {
    this.running.set(held.run, held);
    this.watchdog.watch(held.tab.page);
  }

  private adopt(launcher: BrowserLauncher): void {
    this.launcher = launcher;
    launcher.onRetire((instance, crashed) => {
      if (crashed) for (const job of this.running.values()) if (job.instance === instance) job.run.crash();
    });
  }

  private track(execution: Promise<unknown>): void {
    this.executions.add(execution);
    void execution.finally(() => this.executions.delete(execution));
  }
}
