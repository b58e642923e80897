import type { BrowserContext } from 'puppeteer';
import { withFallback } from '../../../common/time/deadline.js';
import type { NetworkPolicy } from '../../network/network-policy.js';
import type { RelayLogin } from '../../proxy/relay/relay-slot.js';
import type { BrowserInstance } from '../browser-launcher.js';
import { BrowserTab } from '../browser-tab.js';

const WIPE_TIMEOUT_MS = 10_000;
/**
 * A context is replaced after this many jobs: the wipe clears what pages can store, not the network state a site
 * could use to recognise a returning browser (TLS session tickets, HSTS, open connections); this bounds it within one
 * organization (another's job gets a new context).
 */
const MAX_JOBS_PER_CONTEXT = 100;

/** The browser context of one relay slot on one browser, with its tab: one job at a time, wiped between jobs. */
export class SlotContext {
  tab: BrowserTab | null = null;
  jobs = 0;
  /**
   * The organization whose jobs ran here: besides the HTTP cache it kept on purpose (decisions 9.7), the context holds
   * network state no wipe clears (HSTS, TLS sessions), so another organization's job gets a new context (PageTask).
   */
  owner: string | null = null;

  private constructor(
    readonly instance: BrowserInstance,
    readonly context: BrowserContext,
    private readonly relay: RelayLogin,
  ) {}

  /**
   * A context whose every request goes to the slot's relay port (the slot, not a route: the relay switches upstreams),
   * its tab answering the relay's challenge with the slot's credentials.
   */
  static async create(instance: BrowserInstance, relay: RelayLogin): Promise<SlotContext> {
    const context = await instance.browser.createBrowserContext({
      proxyServer: relay.url,
      // A context's proxy ignores the browser's bypass switch: loopback targets must go through the relay too.
      proxyBypassList: ['<-loopback>'],
      downloadBehavior: { policy: 'deny' },
    });
    return new SlotContext(instance, context, relay);
  }

  /** The context's tab, opened when the previous one was closed or never existed; `opened` says which. */
  async openTab(policy: NetworkPolicy, cacheBytes: number): Promise<{ tab: BrowserTab; opened: boolean }> {
    if (this.tab) return { tab: this.tab, opened: false };
    this.tab = await BrowserTab.open(this.context, policy, this.relay, cacheBytes);
    return { tab: this.tab, opened: true };
  }

  /**
   * After a job: the tab is wiped and the context kept for the slot's next job, or the context is closed when the job
   * ended early, its browser retired, or its tab is unfit or could not be wiped in time. Resolves why it was closed,
   * or null when it serves the next job.
   */
  async recycle(endedEarly: boolean): Promise<string | null> {
    const tab = this.tab;
    const reason = endedEarly ? 'the job ended early' : this.unfitReason();
    if (reason || !tab) {
      await this.close();
      return reason ?? 'no tab';
    }
    const wiped = await withFallback(tab.wipe(this.context), WIPE_TIMEOUT_MS, false);
    if (!wiped || !this.instance.usable) {
      await this.close();
      return wiped ? 'the browser retired' : 'the wipe failed';
    }
    this.jobs++;
    return null;
  }

  async close(): Promise<void> {
    this.tab = null;
    await this.context.close().catch(() => undefined);
  }

  private unfitReason(): string | null {
    if (!this.instance.usable) return 'the browser retired';
    if (this.jobs + 1 >= MAX_JOBS_PER_CONTEXT) return `${MAX_JOBS_PER_CONTEXT} jobs served`;
    return this.tab?.unfitReason ?? null;
  }
}
