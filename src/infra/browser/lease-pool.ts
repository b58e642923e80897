import type { BrowserContext } from 'puppeteer';
import type { NetworkPolicy } from '../network/network-policy.js';
import type { RelaySlot } from '../proxy/relay/relay-slot.js';
import type { BrowserInstance } from './browser-launcher.js';
import { BrowserTab } from './browser-tab.js';
import { withFallback } from '../../common/time/deadline.js';

const WIPE_TIMEOUT_MS = 10_000;
/**
 * A context is replaced after this many jobs: the wipe clears what pages can store, not the network state a site
 * could use to recognise a returning browser (TLS session tickets, HSTS, open connections); this bounds it.
 */
const MAX_JOBS_PER_CONTEXT = 100;

/** One browser context bound to one relay slot, with its tab: used by one job at a time, wiped between jobs. */
export class PageLease {
  tab: BrowserTab | null = null;
  jobs = 0;

  constructor(
    readonly instance: BrowserInstance,
    /** The relay slot the context goes through (the slot, not the job's route: the relay switches upstreams). */
    readonly key: string,
    readonly context: BrowserContext,
  ) {}

  /** The lease's tab, opened when the previous one was closed or never existed. */
  async openTab(policy: NetworkPolicy): Promise<BrowserTab> {
    this.tab ??= await BrowserTab.open(this.context, policy);
    return this.tab;
  }

  async closeTab(): Promise<void> {
    const tab = this.tab;
    this.tab = null;
    await tab?.close();
  }
}

/**
 * Idle leases, least recently used first, at most `maxIdle`; an evicted one has its context closed.
 * A lease is reused only for the same relay slot on the same browser.
 */
export class LeasePool {
  private readonly idle: PageLease[] = [];
  private created = 0;

  constructor(private readonly maxIdle: number) {}

  get idleCount(): number {
    return this.idle.length;
  }

  get createdCount(): number {
    return this.created;
  }

  async acquire(instance: BrowserInstance, slot: RelaySlot): Promise<PageLease> {
    const key = `slot:${slot.index}`;
    for (let index = this.idle.length - 1; index >= 0; index--) {
      const lease = this.idle[index];
      if (lease.instance === instance && lease.key === key) return this.idle.splice(index, 1)[0];
    }
    return this.create(instance, slot.url, key);
  }

  /**
   * After a job: the lease is wiped and kept for the next job of its slot, or closed when the job ended early,
   * its browser retired, or its tab is unfit or could not be wiped in time. Resolves why it was closed, or null.
   */
  async recycle(lease: PageLease, endedEarly: boolean): Promise<string | null> {
    const tab = lease.tab;
    const reason = endedEarly ? 'the job ended early' : this.unfitReason(lease);
    if (reason || !tab) {
      await this.discard(lease);
      return reason ?? 'no tab';
    }
    const wiped = await withFallback(tab.wipe(lease.context), WIPE_TIMEOUT_MS, false);
    if (!wiped || !lease.instance.usable) {
      await this.discard(lease);
      return wiped ? 'the browser retired' : 'the wipe failed';
    }
    lease.jobs++;
    this.park(lease);
    return null;
  }

  private unfitReason(lease: PageLease): string | null {
    if (!lease.instance.usable) return 'the browser retired';
    if (lease.jobs + 1 >= MAX_JOBS_PER_CONTEXT) return `${MAX_JOBS_PER_CONTEXT} jobs served`;
    return lease.tab?.unfitReason ?? null;
  }

  park(lease: PageLease): void {
    this.idle.push(lease);
    while (this.idle.length > this.maxIdle) void this.discard(this.idle.shift()!);
  }

  async discard(lease: PageLease): Promise<void> {
    await lease.context.close().catch(() => undefined);
  }

  /** Drops the idle leases of a browser that takes no more jobs. */
  forget(instance: BrowserInstance): void {
    const gone = this.idle.filter((lease) => lease.instance === instance);
    this.idle.splice(0, this.idle.length, ...this.idle.filter((lease) => lease.instance !== instance));
    for (const lease of gone) void this.discard(lease);
  }

  async closeAll(): Promise<void> {
    await Promise.all(this.idle.splice(0).map((lease) => this.discard(lease)));
  }

  private async create(instance: BrowserInstance, proxyServer: string, key: string): Promise<PageLease> {
    const context = await instance.browser.createBrowserContext({
      proxyServer,
      // A context's proxy ignores the browser's bypass switch: loopback targets must go through the relay too.
      proxyBypassList: ['<-loopback>'],
      downloadBehavior: { policy: 'deny' },
    });
    this.created++;
    return new PageLease(instance, key, context);
  }
}
