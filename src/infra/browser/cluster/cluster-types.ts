import type { ClusterOptions } from 'puppeteer-cluster';

/** A custom concurrency, as puppeteer-cluster's public options type it (its base class is not exported). */
export type ConcurrencyClass = Exclude<ClusterOptions['concurrency'], number>;
/** What a custom concurrency's workerInstance() gives the cluster: one per cluster worker. */
export type WorkerInstance = Awaited<ReturnType<InstanceType<ConcurrencyClass>['workerInstance']>>;
/** What a worker's jobInstance() gives the cluster: one per job (its page and its close). */
export type JobInstance = Awaited<ReturnType<WorkerInstance['jobInstance']>>;
