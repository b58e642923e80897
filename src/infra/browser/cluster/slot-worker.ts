import { Logger } from '@nestjs/common';
import type { NetworkPolicy } from '../../network/network-policy.js';
import type { EgressRelay } from '../../proxy/relay/egress-relay.js';
import type { BrowserInstance, BrowserLauncher } from '../browser-launcher.js';
import type { BrowserTab } from '../browser-tab.js';
import type { JobInstance } from './cluster-types.js';
import { SlotContext } from './slot-context.js';
import { handOut, handOutFailure, SlotJob } from './slot-job.js';
import type { SlotEntry, SlotPool } from './slot-pool.js';

/** Counts kept across the cluster's workers, for stats and tests. */
export class ClusterCounters {
  contextsCreated = 0;
  /** New tabs; the difference from jobsServed is how many jobs ran on a wiped, reused tab. */
  tabsOpened = 0;
  jobsServed = 0;
}

export interface SlotHost {
  readonly relay: EgressRelay;
  readonly policy: NetworkPolicy;
  /** Each tab's share of BROWSER_CACHE_BYTES (tab-cache.ts). */
  readonly tabCacheBytes: number;
  readonly counters: ClusterCounters;
  /** Told how long a step outside a job's own run took (the wipe after it). */
  readonly stepTaken?: (step: string, ms: number) => void;
}

/**
 * One cluster worker: each job checks a slot out of the cluster's pool (the one freed last, its context and tab warm),
 * and checks it back once its tab is wiped. A slot's context is replaced when the browser changes.
 */
export class SlotWorker {
  private readonly logger = new Logger('SlotWorker');

  constructor(
    private readonly host: SlotHost,
    private readonly launcher: BrowserLauncher,
    private readonly pool: SlotPool,
  ) {}

  /**
   * The cluster's jobInstance(). It never rejects: the cluster would call repair() and try again ten times, then
   * throw inside its dispatch loop and never settle the job. A failure to open travels to the task instead.
   */
  async jobInstance(): Promise<JobInstance> {
    try {
      const { job, entry } = await this.open();
      return { resources: { page: handOut(job.tab.begin(), job) }, close: () => this.finish(job, entry) };
    } catch (error) {
      return { resources: { page: handOutFailure(error) }, close: async () => undefined };
    }
  }

  /** The cluster's worker close(), at shutdown: the worker holds nothing between jobs (the pool closes the slots). */
  async close(): Promise<void> {}

  private async open(): Promise<{ job: SlotJob; entry: SlotEntry }> {
    const entry = await this.pool.checkout();
    let instance: BrowserInstance | null = null;
    try {
      instance = await this.launcher.checkout();
      const context = await this.contextOn(entry, instance);
      const { tab, opened } = await context.openTab(this.host.policy, this.host.tabCacheBytes);
      if (opened) this.host.counters.tabsOpened++;
      const browser = instance;
      return { job: new SlotJob(entry.slot, browser, context, tab, () => this.replaceContext(entry, browser)), entry };
    } catch (error) {
      if (instance) this.launcher.checkin(instance);
      this.pool.checkin(entry);
      throw error;
    }
  }

  /** The entry's context when it lives on this browser; else a new one (the old one closed, its browser gone or retired). */
  private async contextOn(entry: SlotEntry, instance: BrowserInstance): Promise<SlotContext> {
    if (entry.context?.instance === instance) return entry.context;
    void entry.context?.close();
    entry.context = null;
    entry.context = await SlotContext.create(instance, entry.slot.login);
    this.host.counters.contextsCreated++;
    return entry.context;
  }

  /** The entry's context closed and a new one made on the browser, with its tab (the job's, until it ends). */
  private async replaceContext(entry: SlotEntry, instance: BrowserInstance): Promise<{ context: SlotContext; tab: BrowserTab }> {
    void entry.context?.close();
    entry.context = null;
    const context = await this.contextOn(entry, instance);
    const { tab } = await context.openTab(this.host.policy, this.host.tabCacheBytes);
    this.host.counters.tabsOpened++;
    return { context, tab };
  }

  /** The job instance's close(): after the task, the tab is wiped (or the context closed), then browser and slot freed. */
  private async finish(job: SlotJob, entry: SlotEntry): Promise<void> {
    try {
      await job.stop();
      if (!job.touched) return job.tab.untouched();
      const wipeStarted = Date.now();
      const dropped = await job.context.recycle(job.endedEarly);
      this.host.stepTaken?.('wipe', Date.now() - wipeStarted);
      if (dropped && entry.context === job.context) entry.context = null;
      if (dropped) this.logger.debug(`Slot ${job.slot.index}: context replaced (${dropped})`);
    } catch (error) {
      this.logger.warn(`Cleaning up slot ${job.slot.index} failed: ${String(error)}`);
    } finally {
      job.slot.release();
      this.host.counters.jobsServed++;
      this.launcher.checkin(job.instance);
      this.pool.checkin(entry);
    }
  }
}
