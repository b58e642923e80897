import type { Browser, LaunchOptions, PuppeteerNode } from 'puppeteer';
import { BrowserLauncher, RecyclePolicy } from '../browser-launcher.js';
import type { ConcurrencyClass, WorkerInstance } from './cluster-types.js';
import { SlotPool } from './slot-pool.js';
import { SlotHost, SlotWorker } from './slot-worker.js';

export interface SlotConcurrencyHost extends SlotHost {
  readonly recycle: RecyclePolicy;
  /** Receives the launcher of the browser the cluster owns (for health, stats, crash and hang handling). */
  adopt(launcher: BrowserLauncher): void;
}

/**
 * puppeteer-cluster's custom concurrency for the worker: ONE browser for all the cluster's workers, which share one
 * pool of relay slots (slot-pool.ts), each with its own context reused between jobs (the built-in CONCURRENCY_CONTEXT
 * makes a context per job; CONCURRENCY_BROWSER a browser per worker). Recycling and crash replacement never wait for
 * other slots to empty, unlike the built-in single-browser repair().
 *
 * The class does not extend puppeteer-cluster's ConcurrencyImplementation: that lives in `dist/`, outside the
 * package's exports. The cluster calls `new concurrency(options, puppeteer)` for any function and then only init(),
 * workerInstance() and close(); the cast below is that assumption, and BrowserCluster checks at launch that the
 * cluster did construct this class (host.adopt), failing loudly if an upgrade changed it.
 */
export function slotConcurrency(host: SlotConcurrencyHost): ConcurrencyClass {
  class SlotConcurrency {
    private readonly launcher: BrowserLauncher;
    private readonly pool = new SlotPool(host.relay);

    constructor(options: LaunchOptions, puppeteer: PuppeteerNode) {
      const start = (): Promise<Browser> => puppeteer.launch(options);
      this.launcher = new BrowserLauncher(start, String(options.executablePath ?? 'chromium'), host.recycle);
      host.adopt(this.launcher);
    }

    /** The browser starts with the first job, so a worker that never crawls never launches one. */
    async init(): Promise<void> {}

    async close(): Promise<void> {
      await this.pool.close();
      await this.launcher.shutdown();
    }

    async workerInstance(): Promise<WorkerInstance> {
      const worker = new SlotWorker(host, this.launcher, this.pool);
      return {
        jobInstance: () => worker.jobInstance(),
        close: () => worker.close(),
        // Only called when jobInstance() or a job's close() throws, and ours never do: a dead browser is replaced
        // by the next checkout, without waiting for the other slots.
        repair: async () => undefined,
      };
    }
  }
  // The base class has protected fields, which make its type nominal; the shape is what the cluster uses.
  return SlotConcurrency as unknown as ConcurrencyClass;
}
