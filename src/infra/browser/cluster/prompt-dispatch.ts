import type { Cluster } from 'puppeteer-cluster';

/** The two private methods of puppeteer-cluster's Cluster that this file relies on. */
interface DispatchInternals {
  /** "Check for new work soon": every queued job, finished job and 100 ms tick calls it. */
  work: () => Promise<void>;
  /** One look at the queue: starts a job on a free worker (asking again while workers are free), or opens a worker. */
  doWork: () => Promise<void>;
}

/**
 * puppeteer-cluster looks at its queue at most once every 10 ms (WORK_CALL_INTERVAL_LIMIT in its Cluster.js), so a
 * queued job waits for the next such turn (4.5 ms on average in the bench's cost account at one job at a time, a
 * tenth of the service's latency there) and jobs queued together start 10 ms apart. The spacing protects the cluster's
 * sameDomainDelay, whose delayed jobs ask again at once; this service never sets it (nor skipDuplicateUrls).
 *
 * Here a look runs on the next turn of the event loop instead, and calls made in one turn share it. What a look does
 * is unchanged: it starts one job and asks again while workers are free, so a burst still starts job by job.
 * `work` and `doWork` are private: this checks they exist, failing at launch if an upgrade renamed them.
 */
export function dispatchPromptly<T, R>(cluster: Cluster<T, R>): void {
  const internals = cluster as unknown as Partial<DispatchInternals>;
  if (typeof internals.work !== 'function' || typeof internals.doWork !== 'function') {
    throw new Error('puppeteer-cluster assumption broken: Cluster has no work() and doWork() to schedule (see prompt-dispatch.ts)');
  }
  const doWork = internals.doWork.bind(cluster);
  let pending = false;
  internals.work = async () => {
    if (pending) return;
    pending = true;
    setImmediate(() => {
      pending = false;
      void doWork();
    });
  };
}
