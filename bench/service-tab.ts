/**
 * The `service-tab` raw baseline: raw puppeteer driving the worker's own tab, with nothing of the service around it
 * (no HTTP, key, charge, queue, cluster, database or Redis). Each page is a job as the worker runs it on a reused tab:
 * its relay slot bound to the upstream proxy, the tab prepared (request guard on the Fetch domain, frames followed,
 * emulation), goto, the rendered HTML read in an isolated world, the slot released, the tab wiped.
 *
 * Set beside raw reused pages (wiped or not) and GET /crawl, it splits the service's cost in two: what the tab costs
 * Chromium and the worker, and what the service around the tab costs.
 */
import type { Browser, BrowserContext } from 'puppeteer';
import { loadConfig } from '../src/config/app-config.js';
import { BrowserTab } from '../src/infra/browser/browser-tab.js';
import type { PageOptions } from '../src/infra/browser/page-options.js';
import { guardRules } from '../src/infra/browser/request-guard.js';
import { NetworkPolicy } from '../src/infra/network/network-policy.js';
import type { ProxyRoute } from '../src/infra/proxy/proxy-route.js';
import { RelaySlot } from '../src/infra/proxy/relay/relay-slot.js';
import { readRenderedHtml } from '../src/modules/jobs/page-size.js';

/** The bench's service runs with private targets allowed (its site is on loopback): the guard skips the policy there too. */
const CONFIG = loadConfig({ ALLOW_PRIVATE_TARGETS: 'true' });

/** GET /crawl's defaults, as the bench asks for them (adblock=false). */
function pageOptions(waitUntil: PageOptions['waitUntil']): PageOptions {
  return { js: true, images: false, adblock: false, waitUntil, viewport: { width: 1920, height: 1080 }, userAgent: null };
}

function upstream(proxyUrl: string): ProxyRoute {
  return { id: 'bench', tier: 'standard', server: proxyUrl, country: null, city: null, callerCredentials: false, builtin: false, sourceIndex: 0 };
}

interface SlotTab {
  readonly slot: RelaySlot;
  readonly context: BrowserContext;
  readonly tab: BrowserTab;
}

/** A relay slot and the context and tab bound to it, as slot-context.ts opens them. */
async function openSlotTab(browser: Browser, policy: NetworkPolicy, index: number): Promise<SlotTab> {
  const slot = new RelaySlot(index, policy, () => undefined);
  await slot.listen();
  const context = await browser.createBrowserContext({ proxyServer: slot.url, proxyBypassList: ['<-loopback>'], downloadBehavior: { policy: 'deny' } });
  return { slot, context, tab: await BrowserTab.open(context, policy, slot.login, CONFIG.browser.tabCacheBytes) };
}

/** One page of the mode: a job on one of the tabs (opened on first use, then reused); `close` ends them all. */
export function serviceTabJob(
  browser: Browser,
  options: { readonly url: string; readonly proxyUrl: string; readonly waitUntil: PageOptions['waitUntil']; readonly timeoutMs: number },
): { job: () => Promise<boolean>; close: () => Promise<void> } {
  const policy = new NetworkPolicy(CONFIG);
  const page = pageOptions(options.waitUntil);
  const rules = guardRules(CONFIG, page, null);
  const route = upstream(options.proxyUrl);
  const userAgent = browser.userAgent();
  const idle: SlotTab[] = [];
  const all: SlotTab[] = [];
  const open = async (): Promise<SlotTab> => {
    const opened = await openSlotTab(browser, policy, all.length);
    all.push(opened);
    return opened;
  };
  const job = async (): Promise<boolean> => {
    const held = idle.pop() ?? (await open());
    try {
      held.slot.bind(route);
      held.tab.begin();
      const { page: jobPage } = await held.tab.prepare(page, rules, await userAgent, () => undefined, 'bench');
      const response = await jobPage.goto(options.url, { waitUntil: options.waitUntil, timeout: options.timeoutMs });
      await readRenderedHtml(jobPage, CONFIG.maxPageBytes);
      return response !== null && response.status() < 400;
    } finally {
      held.slot.release();
      if (await held.tab.wipe(held.context)) idle.push(held);
    }
  };
  const close = async () => {
    await Promise.all(all.map((held) => held.slot.close()));
  };
  return { job, close };
}
