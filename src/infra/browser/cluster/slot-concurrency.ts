import type { Browser, LaunchOptions, PuppeteerNode } from 'puppeteer';
import concurrency from 'puppeteer-cluster/dist/concurrency/ConcurrencyImplementation.js';
import type { ConcurrencyImplementationClassType, WorkerInstance } from 'puppeteer-cluster/dist/concurrency/ConcurrencyImplementation.js';
import { BrowserLauncher, RecyclePolicy } from '../browser-launcher.js';
import { SlotHost, SlotWorker } from './slot-worker.js';

const ConcurrencyImplementation = concurrency.default;

export interface SlotConcurrencyHost extends SlotHost {
  readonly recycle: RecyclePolicy;
  /** Receives the launcher of the browser the cluster owns (for health, stats, crash and hang handling). */
  adopt(launcher: BrowserLauncher): void;
}

/**
 * puppeteer-cluster's custom concurrency for the worker: ONE browser for all the cluster's workers, each worker a
 * relay slot with its own context reused between jobs (the built-in CONCURRENCY_CONTEXT makes a context per job;
 * CONCURRENCY_BROWSER a browser per worker). Recycling and crash replacement never wait for other slots to empty,
 * unlike the built-in single-browser repair().
 */
export function slotConcurrency(host: SlotConcurrencyHost): ConcurrencyImplementationClassType {
  return class SlotConcurrency extends ConcurrencyImplementation {
    private readonly launcher: BrowserLauncher;

    constructor(options: LaunchOptions, puppeteer: PuppeteerNode) {
      super(options, puppeteer);
      const start = (): Promise<Browser> => puppeteer.launch(options);
      this.launcher = new BrowserLauncher(start, String(options.executablePath ?? 'chromium'), host.recycle);
      host.adopt(this.launcher);
    }

    /** The browser starts with the first job, so a worker that never crawls never launches one. */
    async init(): Promise<void> {}

    async close(): Promise<void> {
      await this.launcher.shutdown();
    }

    async workerInstance(): Promise<WorkerInstance> {
      const worker = new SlotWorker(host, this.launcher);
      return {
        jobInstance: () => worker.jobInstance(),
        close: () => worker.close(),
        // Only called when jobInstance() or a job's close() throws, and ours never do: a dead browser is replaced
        // by the next checkout, without waiting for the other slots.
        repair: async () => undefined,
      };
    }
  };
}
