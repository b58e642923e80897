import { Logger } from '@nestjs/common';
import type { NetworkPolicy } from '../../network/network-policy.js';
import type { EgressRelay } from '../../proxy/relay/egress-relay.js';
import type { RelaySlot } from '../../proxy/relay/relay-slot.js';
import type { BrowserLauncher } from '../browser-launcher.js';
import type { JobInstance } from './cluster-types.js';
import { SlotContext } from './slot-context.js';
import { handOut, handOutFailure, SlotJob } from './slot-job.js';

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
  readonly counters: ClusterCounters;
  /** Told how long a step outside a job's own run took (the wipe after it). */
  readonly stepTaken?: (step: string, ms: number) => void;
}

/**
 * One cluster worker: one relay slot for the worker's life, and one context (with its tab) on the current browser,
 * wiped and reused by the worker's next job whatever its route, replaced when the browser changes.
 */
export class SlotWorker {
  private readonly logger = new Logger('SlotWorker');
  private slot: RelaySlot | null = null;
  private context: SlotContext | null = null;

  constructor(
    private readonly host: SlotHost,
    private readonly launcher: BrowserLauncher,
  ) {}

  /**
   * The cluster's jobInstance(). It never rejects: the cluster would call repair() and try again ten times, then
   * throw inside its dispatch loop and never settle the job. A failure to open travels to the task instead.
   */
  async jobInstance(): Promise<JobInstance> {
    try {
      const job = await this.open();
      return { resources: { page: handOut(job.tab.begin(), job) }, close: () => this.finish(job) };
    } catch (error) {
      return { resources: { page: handOutFailure(error) }, close: async () => undefined };
    }
  }

  /** The cluster's worker close(), at shutdown: the context goes, the slot returns to the relay. */
  async close(): Promise<void> {
    await this.context?.close();
    this.context = null;
    if (this.slot) this.host.relay.release(this.slot);
    this.slot = null;
  }

  private async open(): Promise<SlotJob> {
    this.slot ??= await this.host.relay.claim();
    const instance = await this.launcher.checkout();
    try {
      if (this.context?.instance !== instance) {
        void this.context?.close();
        this.context = await SlotContext.create(instance, this.slot.login);
        this.host.counters.contextsCreated++;
      }
      const { tab, opened } = await this.context.openTab(this.host.policy);
      if (opened) this.host.counters.tabsOpened++;
      return new SlotJob(this.slot, instance, this.context, tab);
    } catch (error) {
      this.launcher.checkin(instance);
      throw error;
    }
  }

  /** The job instance's close(): after the task, the tab is wiped (or the context closed), then browser and slot freed. */
  private async finish(job: SlotJob): Promise<void> {
    try {
      await job.stop();
      if (!job.touched) return job.tab.untouched();
      const wipeStarted = Date.now();
      const dropped = await job.context.recycle(job.endedEarly);
      this.host.stepTaken?.('wipe', Date.now() - wipeStarted);
      if (dropped && this.context === job.context) this.context = null;
      if (dropped) this.logger.debug(`Slot ${job.slot.index}: context replaced (${dropped})`);
    } catch (error) {
      this.logger.warn(`Cleaning up slot ${job.slot.index} failed: ${String(error)}`);
    } finally {
      job.slot.release();
      this.host.counters.jobsServed++;
      this.launcher.checkin(job.instance);
    }
  }
}
