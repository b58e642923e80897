import { Injectable } from '@nestjs/common';
import promClient, { type Counter as CounterType, type Gauge as GaugeType } from 'prom-client';

// prom-client is CommonJS: Node's ES module loader sees its exports only through the default export.
const { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } = promClient;

/** The Prometheus text format's content type. */
export const METRICS_CONTENT_TYPE = promClient.contentType;

export type JobOutcome = 'done' | 'failed' | 'cancelled';

/** Seconds: a page takes about one, a chat answer up to CHAT_TIMEOUT_MS. */
const JOB_BUCKETS = [0.25, 0.5, 1, 2, 5, 10, 20, 30, 60, 90, 150];
const HTTP_BUCKETS = [0.005, 0.025, 0.1, 0.5, 1, 2.5, 5, 10, 30, 60];
/** Seconds: most steps of a page job take a few milliseconds, navigation up to the job's limit. */
const STEP_BUCKETS = [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 1, 5, 30];

/**
 * The process's Prometheus registry (decisions.md 7.5). Every label takes values from a short fixed set (route
 * patterns, statuses, job kinds, error codes, proxy tiers): never an organization, a URL or a job id.
 */
@Injectable()
export class MetricsService {
  /** One registry per application, so two apps in one process (tests, benches) never collide. */
  readonly registry = new Registry();

  private readonly httpRequests = new Counter({
    name: 'crawlgate_http_requests_total',
    help: 'HTTP requests answered, by method, route pattern and status.',
    labelNames: ['method', 'route', 'status'] as const,
    registers: [this.registry],
  });

  private readonly httpDuration = new Histogram({
    name: 'crawlgate_http_request_duration_seconds',
    help: 'Time to answer an HTTP request, by method and route pattern.',
    labelNames: ['method', 'route'] as const,
    buckets: HTTP_BUCKETS,
    registers: [this.registry],
  });

  private readonly jobs = new Counter({
    name: 'crawlgate_jobs_total',
    help: 'Jobs ended in this process, by kind and outcome (done, failed, or cancelled before they started).',
    labelNames: ['kind', 'outcome'] as const,
    registers: [this.registry],
  });

  private readonly jobFailures = new Counter({
    name: 'crawlgate_job_failures_total',
    help: 'Failed jobs, by kind and error code.',
    labelNames: ['kind', 'code'] as const,
    registers: [this.registry],
  });

  private readonly jobDuration = new Histogram({
    name: 'crawlgate_job_duration_seconds',
    help: 'Time a job ran in the worker, from start to its outcome, by kind.',
    labelNames: ['kind'] as const,
    buckets: JOB_BUCKETS,
    registers: [this.registry],
  });

  private readonly jobSteps = new Histogram({
    name: 'crawlgate_job_step_seconds',
    help: 'Wall time of each step of a job (admission, queue wait, dispatch, tab, navigation, read, wipe, record, answer).',
    labelNames: ['step'] as const,
    buckets: STEP_BUCKETS,
    registers: [this.registry],
  });

  private readonly charged = new Counter({
    name: 'crawlgate_credits_charged_total',
    help: 'Credits charged for metered requests by this process.',
    registers: [this.registry],
  });

  private readonly refunded = new Counter({
    name: 'crawlgate_credits_refunded_total',
    help: 'Credits handed back for requests the service did not deliver, by this process.',
    registers: [this.registry],
  });

  private readonly webhooksDropped = new Counter({
    name: 'crawlgate_webhooks_dropped_total',
    help: 'Webhook deliveries dropped unsent, by event: site.page events past their organization backlog cap, and any whose job expired before it was sent.',
    labelNames: ['event'] as const,
    registers: [this.registry],
  });

  constructor() {
    collectDefaultMetrics({ register: this.registry });
    // Its one series there from the start: a rate() over it reads 0 before the first drop, not nothing.
    for (const event of ['site.page', 'job.finished']) this.webhooksDropped.inc({ event }, 0);
  }

  requestAnswered(method: string, route: string, status: number, seconds: number): void {
    this.httpRequests.inc({ method, route, status: String(status) });
    this.httpDuration.observe({ method, route }, seconds);
  }

  /** `startedAt` in epoch ms, or null when the job was lost with its worker and its run time is unknown. */
  jobEnded(kind: string, outcome: JobOutcome, startedAt: number | null, code?: string): void {
    this.jobs.inc({ kind, outcome });
    if (outcome === 'failed') this.jobFailures.inc({ kind, code: code ?? 'unknown' });
    if (startedAt !== null) this.jobDuration.observe({ kind }, (Date.now() - startedAt) / 1000);
  }

  /** A step of a job took `ms` milliseconds; `step` is one of a short fixed set of names. */
  jobStep(step: string, ms: number): void {
    this.jobSteps.observe({ step }, ms / 1000);
  }

  creditsCharged(amount: number): void {
    this.charged.inc(amount);
  }

  creditsRefunded(amount: number): void {
    this.refunded.inc(amount);
  }

  /** `event` is a webhook event name: `site.page` (past its backlog, or its job expired unsent) or `job.finished` (its job expired unsent). */
  webhookDropped(event: string): void {
    this.webhooksDropped.inc({ event });
  }

  /** Registers a gauge whose value is read at scrape time. */
  gauge<L extends string>(name: string, help: string, labelNames: readonly L[], read: (gauge: GaugeType<L>) => Promise<void> | void): GaugeType<L> {
    return new Gauge<L>({
      name, help, labelNames, registers: [this.registry],
      async collect() {
        await read(this);
      },
    });
  }

  /** Registers a counter that follows a monotonic count kept elsewhere, read at scrape time. */
  followCounter(name: string, help: string, read: () => number): CounterType {
    let seen = 0;
    return new Counter({
      name, help, registers: [this.registry],
      collect() {
        const now = read();
        // A count kept elsewhere only grows; one below the last seen was reset (new pool) and counts from its own zero.
        if (now < seen) seen = 0;
        if (now > seen) this.inc(now - seen);
        seen = now;
      },
    });
  }

  text(): Promise<string> {
    return this.registry.metrics();
  }

  get contentType(): string {
    return this.registry.contentType;
  }
}
