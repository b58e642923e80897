import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { AppConfig, loadConfig } from '../../src/config/app-config.js';
import { BrowserCluster } from '../../src/infra/browser/browser-cluster.js';
import type { PageOptions } from '../../src/infra/browser/page-options.js';
import type { NetworkPolicy } from '../../src/infra/network/network-policy.js';
import { BUILTIN_SERVER } from '../../src/infra/proxy/proxy-pool.service.js';
import type { ProxyPoolService } from '../../src/infra/proxy/proxy-pool.service.js';
import type { ProxyRoute } from '../../src/infra/proxy/proxy-route.js';
import { EgressRelay } from '../../src/infra/proxy/relay/egress-relay.js';
import type { TargetSite } from '../fixtures/target-site.js';

/** The browser specs' page options: scripts on, no images or adblock, `load`, a desktop viewport. */
export const PAGE_OPTIONS: PageOptions = { js: true, images: false, adblock: false, waitUntil: 'load', viewport: { width: 1280, height: 800 }, userAgent: null };

/** The built-in route: the relay connects to the (loopback) target directly, after the policy. */
export const BUILTIN_ROUTE: ProxyRoute = { id: 'builtin', tier: 'standard', server: BUILTIN_SERVER, country: null, city: null, callerCredentials: false, builtin: true, sourceIndex: 0 };

/**
 * A worker's configuration: BROWSER_CONCURRENCY and any other variables, its own data directory, and `tabs` in place
 * of the tabs the worker may open (by default BROWSER_CONCURRENCY and half of it again).
 */
export function workerConfig(concurrency: number, env: Record<string, string> = {}, tabs?: number): AppConfig {
  const config = loadConfig({ ROLE: 'worker', DATA_DIR: mkdtempSync(join(tmpdir(), 'crawlgate-browser-')), BROWSER_CONCURRENCY: String(concurrency), ...env });
  return tabs === undefined ? config : { ...config, browser: { ...config.browser, tabs } };
}

/**
 * An executable file named `name` in a directory of its own: a CHROMIUM_PATH the boot's check accepts, for a spec to
 * remove once the configuration is loaded (a browser uninstalled under a running worker).
 */
export function executableToRemove(name: string): string {
  const path = join(mkdtempSync(join(tmpdir(), 'crawlgate-browser-bin-')), name);
  writeFileSync(path, '#!/bin/sh\nexit 1\n', { mode: 0o755 });
  return path;
}

export interface RunningCluster {
  readonly cluster: BrowserCluster;
  readonly relay: EgressRelay;
  stop(): Promise<void>;
}

/** A worker's relay and browser cluster on real Chromium, as BrowserModule builds them, under the spec's policy. */
export async function startBrowserCluster(config: AppConfig, policy: NetworkPolicy): Promise<RunningCluster> {
  const relay = new EgressRelay(config, policy, { reportFault: () => undefined } as unknown as ProxyPoolService);
  const cluster = new BrowserCluster(config, policy, relay);
  await cluster.onModuleInit();
  return {
    cluster,
    relay,
    stop: async () => {
      await cluster.onApplicationShutdown();
      await relay.onApplicationShutdown();
    },
  };
}

/** How many times the target was asked for `path` since its last reset. */
export const timesFetched = (site: TargetSite, path: string): number => site.requests().filter((request) => request.path === path).length;
