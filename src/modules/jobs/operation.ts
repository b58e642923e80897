import type { AppConfig } from '../../config/app-config.js';
import type { AppError } from '../../common/errors/app-error.js';
import type { MeteredAnswer, TargetMediaType } from '../../common/http/metered-answer.js';
import type { JobPayload } from '../../infra/queue/queue.constants.js';
import type { ProxyTier } from '../../config/json-files.js';
import type { Job, JobKind } from '../../infra/database/entities/index.js';
import type { KeptPage } from '../../infra/browser/debug-capture.js';
import type { PageOptions, PageSession } from '../../infra/browser/page-options.js';
import type { ProxyRoute } from '../../infra/proxy/proxy-route.js';

/** Where the job's traffic goes out: the pool and the geography asked for. */
export interface RouteRequest {
  readonly tier: ProxyTier;
  readonly country: string | null;
  readonly city: string | null;
}

/**
 * What a finished operation produced: a page (answered bare, in its media type) or JSON data (in the envelope). A
 * page is its UTF-8 `body`, as it is stored and answered: made once where the page is, never decoded again on the way
 * to the caller (a page of hundreds of kilobytes as a string is a large object that waits for V8's next full
 * collection; as bytes it is freed with its buffer).
 */
export type JobOutput = (
  | { readonly type: 'page'; readonly mediaType: TargetMediaType; readonly body: Buffer; readonly targetStatus: number; readonly finalUrl: string }
  | { readonly type: 'data'; readonly data: unknown; readonly targetStatus?: number; readonly finalUrl?: string; readonly retryAfter?: string }
) & {
  /** decisions.md 9.6: when a stored copy answered, when that copy was fetched (epoch ms), so a collection says its age. */
  readonly copyFetchedAt?: number;
};

/** Handed to an operation's browser task inside the worker. */
export interface TaskContext {
  readonly jobId: string;
  readonly organizationId: string;
  readonly route: ProxyRoute;
  readonly deadline: number;
  /** The job's one signal: aborted at `deadline` (reason: navigation_timeout); the page, content threads, recipe and model stop on it. */
  readonly signal: AbortSignal;
  readonly config: AppConfig;
  /** Opens the job's page through the job's proxy route, closes it on every exit path. */
  withPage<T>(options: PageOptions, fn: (session: PageSession) => Promise<T>): Promise<T>;
  /**
   * The page the job read, shown as its debug capture once its tab is given back (decisions.md 2: a running job shows
   * one), while its content and the model's answer are made.
   */
  showPage(page: KeptPage): void;
}

/** decisions.md 9.6: a stored copy that answers a request instead of a fetch, with its own price. */
export interface StoredAnswer {
  readonly fetchedAt: Date;
  readonly price: number;
  /**
   * Reads the copy itself, once the caller is admitted (its body is the costly part); false when it was evicted since
   * it was found: the request is then fetched as if none had been.
   */
  load(): Promise<boolean>;
  /**
   * Makes the answer from the copy (content threads, model) by `deadline` (epoch ms), stopping on the job's `signal`
   * (aborted there); throws AppError like run().
   */
  answer(deadline: number, signal?: AbortSignal): Promise<JobOutput>;
}

/** Everything an envelope may show about a job, gathered by the pipeline. */
export interface JobView<O> {
  readonly job: Pick<Job, 'id' | 'status' | 'kind'>;
  readonly options: O;
  readonly output: JobOutput | null;
  readonly error: { readonly code: string; readonly message: string } | null;
  readonly position: number | null;
  readonly debug: object | null;
  /** Present on metered answers (not on collection). */
  readonly billing: { readonly charged: number; readonly remaining: number } | null;
  /** True when answered by GET /crawl/{job}. */
  readonly collected: boolean;
}

/**
 * One metered operation (crawl, screenshot, recipe, chat): what differs between them and nothing else.
 * The pipeline in jobs/ does authentication, limits, pricing, charging, queueing, waiting and answering.
 */
export interface Operation<O = unknown> {
  readonly kind: JobKind;
  /** Counted against the plan's daily limit (402). */
  readonly dailyLimited: boolean;
  price(options: O): number;
  route(options: O): RouteRequest;
  /** The URL whose host is tallied and checked against the network policy before charging. */
  target(options: O, config: AppConfig): string;
  /** Checks that need the configuration or I/O (e.g. ai_query needs a model); throws AppError. */
  precheck?(options: O): Promise<void> | void;
  /**
   * Checks that cost CPU (compiling a caller's schema), and those that must come after them: run only for a caller
   * within its burst; throws AppError.
   */
  admittedCheck?(options: O): Promise<void>;
  /** How long a job may run; JOB_TIMEOUT_MS when absent. */
  timeoutMs?(config: AppConfig): number;
  /** decisions.md 9.6: the stored copy that answers this request, or null to fetch; absent on operations never stored. */
  fromStore?(options: O, organizationId: string): Promise<StoredAnswer | null>;
  /**
   * Set by an operation whose answers may come from a stored copy (decisions.md 9.6): every answer says X-Cache, a hit
   * or a miss (fetched), whether or not the request gave max_age.
   */
  readonly saysCache?: true;
  /**
   * Its work only reads the target (page loads, GET requests): run again on a new browser when its browser dies under
   * it (JobRunner.perform). A recipe's actions or a chat's prompt may have reached the target: never run twice.
   */
  readonly repeatable?: true;
  /** Worker side: does the browser work. Throws AppError with an operation error code on failure. */
  run(ctx: TaskContext, options: O): Promise<JobOutput>;
  /** The JSON envelope of this operation for any state of the job. */
  envelope(view: JobView<O>): object;
  /**
   * A failure that is the caller's own refusal found by the worker (GET /map: robots.txt disallows the start URL):
   * the worker refunds it before the job ends, and it is answered as this error (422), never as the envelope.
   */
  refusal?(error: { readonly code: string; readonly message: string }): AppError | null;
  /**
   * Set by an operation whose jobs run as many queue payloads of their own (site crawls): the worker hands it those
   * payloads, the lost-job sweeper leaves its rows alone, and collection is its own (`cursor` accepted).
   */
  readonly own?: OwnLifecycle;
}

/** What an operation that runs its own jobs (decisions.md 9.3 site crawls) does in place of the pipeline's runner and view. */
export interface OwnLifecycle {
  process(payload: JobPayload): Promise<void>;
  collect(job: Job, cursor: string | undefined): Promise<MeteredAnswer>;
  /** DELETE /crawl/{job} (decisions 9.4): answered 200 as collected, or 409 for an ended job. */
  cancel(job: Job): Promise<MeteredAnswer>;
}

/** The run time an operation's job gets: its own, else JOB_TIMEOUT_MS. */
export function jobTimeoutMs(operation: Operation<never>, config: AppConfig): number {
  return operation.timeoutMs?.(config) ?? config.jobTimeoutMs;
}
