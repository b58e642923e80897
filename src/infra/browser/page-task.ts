import type { Page } from 'puppeteer';
import { isAppError } from '../../common/errors/app-error.js';
import type { AppConfig } from '../../config/app-config.js';
import type { NetworkPolicy } from '../network/network-policy.js';
import type { SlotBinding } from '../proxy/relay/relay-slot.js';
import type { AdblockEngineLoader } from './adblock-engine.js';
import type { ProxyRoute } from '../proxy/proxy-route.js';
import type { BrowserInstance } from './browser-launcher.js';
import type { BrowserTab } from './browser-tab.js';
import { SlotJob, slotJobOf } from './cluster/slot-job.js';
import { BrowserLost, type JobRun } from './job-run.js';
import { classifyBrowserError } from './navigation-errors.js';
import type { PageOptions, PageSession } from './page-options.js';
import { jobFailureContext, JobPageSession } from './page-session.js';
import { GuardJob, guardRules } from './request-guard.js';
import type { NavigationRule } from './request-guard.js';

export interface PageTaskDeps {
  readonly config: AppConfig;
  readonly policy: NetworkPolicy;
  readonly adblock: AdblockEngineLoader;
}

export interface PageJobSpec {
  readonly jobId: string;
  /** Whose HTTP cache the job may use (decisions 9.7); absent, the job shares it with no other job. */
  readonly organizationId?: string;
  readonly route: ProxyRoute;
  readonly options: PageOptions;
  /** Epoch ms: the job's page is closed at this time whatever it is doing. */
  readonly deadline: number;
  /** The job's signal (aborted at `deadline`): when given, the page ends on it rather than on a timer of its own. */
  readonly signal?: AbortSignal;
  /** The job's bounds on its main document (a site crawl's page, decisions.md 9.1). */
  readonly navigation?: NavigationRule;
}

/** A job holding a page: what debug capture, the hang watchdog and crash handling look at. */
export interface HeldPage {
  readonly run: JobRun;
  readonly instance: BrowserInstance;
  readonly tab: BrowserTab;
}

/**
 * One job's task on a cluster worker: binds the worker's relay slot to the job's route, sets the tab up for the job's
 * options and request guard, and runs the operation under the job's deadline.
 */
export class PageTask<T> {
  private instance: BrowserInstance | null = null;
  private guard: GuardJob | null = null;
  private egress: SlotBinding | null = null;

  constructor(
    private readonly spec: PageJobSpec,
    private readonly run: JobRun,
    private readonly fn: (session: PageSession) => Promise<T>,
    private readonly deps: PageTaskDeps,
  ) {}

  /** The cluster's task: `page` is what the worker's job instance handed out; `onHold` learns the page the job holds. */
  async perform(page: Page, onHold: (held: HeldPage) => void): Promise<T> {
    const job = slotJobOf(page);
    const work = this.execute(job, onHold);
    job.attach(this.run, work);
    return work;
  }

  /** The job's end reason (deadline, crash) wins; otherwise the browser error's meaning, if any. */
  failure(error: unknown): unknown {
    const { run } = this;
    if (run.ended) return run.signal.reason;
    const browserGone = this.instance?.browser.connected === false;
    // Its browser died before the crash path reached this job (taken in the moment before the disconnect was heard,
    // or still in its setup): a lost browser as well, not closed by us.
    if (browserGone && !this.instance?.closing && !isAppError(error)) return new BrowserLost();
    const context = jobFailureContext(run, this.guard, this.egress, browserGone);
    return classifyBrowserError(error, context) ?? error;
  }

  private async execute(job: SlotJob, onHold: (held: HeldPage) => void): Promise<T> {
    const { run, spec } = this;
    if (run.ended) throw run.signal.reason;
    this.instance = job.instance;
    const egress = (this.egress = job.slot.bind(spec.route));
    const adblock = spec.options.adblock ? await this.deps.adblock.engine().catch(() => null) : null;
    const rules = guardRules(this.deps.config, spec.options, adblock, {
      documents: spec.options.documents ? { pdf: this.deps.config.pdf.maxBytes, download: this.deps.config.maxPageBytes } : undefined,
      // js=false: the page is the raw body, which its Content-Length already measures (decisions.md 7.2).
      pageMaxBytes: spec.options.js ? undefined : this.deps.config.maxPageBytes,
      navigation: spec.navigation,
    });
    const userAgent = await job.instance.defaultUserAgent();
    job.touched = true;
    // decisions 9.7: nothing of the browser crosses organizations, the network state a wipe cannot clear included.
    if (spec.organizationId && job.context.owner && job.context.owner !== spec.organizationId) await job.freshContext();
    if (spec.organizationId) job.context.owner = spec.organizationId;
    const cacheOwner = spec.organizationId ?? `job ${spec.jobId}`;
    const prepared = await job.tab.prepare(spec.options, rules, userAgent, (error) => run.fail(error), cacheOwner);
    this.guard = prepared.job;
    run.onStop(() => void job.tab.page.close().catch(() => undefined));
    // A browser that died while the tab was prepared; one draining (recycled) still serves the jobs it holds.
    if (!job.instance.alive) run.crash();
    if (run.ended) throw run.signal.reason;
    run.mark('ready');
    onHold({ run, instance: job.instance, tab: job.tab });
    const answer = await run.race(this.fn(new JobPageSession(prepared.page, spec.options, job.tab.page, job.tab.session, run, prepared.job, egress)));
    run.mark('read');
    return answer;
  }
}
