import type { Page } from 'puppeteer';
import { AppError } from '../../../common/errors/app-error.js';
import { ErrorCode } from '../../../common/errors/error-code.js';
import type { RelaySlot } from '../../proxy/relay/relay-slot.js';
import type { BrowserInstance } from '../browser-launcher.js';
import type { BrowserTab } from '../browser-tab.js';
import type { JobRun } from '../job-run.js';
import type { SlotContext } from './slot-context.js';

/** One job's hold on a cluster worker's slot: the browser, context and tab it runs in. */
export class SlotJob {
  /** True once the task set the tab up for the job: from then on an early end means the tab cannot be trusted. */
  touched = false;
  private run: JobRun | null = null;
  private task: Promise<unknown> | null = null;
  private settled = false;

  constructor(
    readonly slot: RelaySlot,
    readonly instance: BrowserInstance,
    public context: SlotContext,
    public tab: BrowserTab,
    /** The slot's context closed and a new one opened on the same browser, with its tab. */
    private readonly replaceContext: () => Promise<{ context: SlotContext; tab: BrowserTab }>,
  ) {}

  /** The job runs in a new context of the slot (the one it had served another organization), on a new tab. */
  async freshContext(): Promise<void> {
    ({ context: this.context, tab: this.tab } = await this.replaceContext());
    this.tab.begin();
  }

  /** True when the job ended early (deadline, crash) while it held the tab. */
  get endedEarly(): boolean {
    return this.touched && (this.run?.ended ?? false);
  }

  /** Called by the task as it starts, with the run that bounds it and the task's own work. */
  attach(run: JobRun, task: Promise<unknown>): void {
    this.run = run;
    this.task = task;
    void task.then(() => (this.settled = true), () => (this.settled = true));
  }

  /**
   * The cluster closes a job when its task settles, or when its own timeout fires with the task still running (it
   * only stops waiting). Then the run is ended, which really closes the page, and the task is waited for.
   */
  async stop(): Promise<void> {
    if (!this.task) return;
    if (!this.settled) this.run?.fail(new AppError(ErrorCode.NavigationTimeout, 'The job outlived the cluster timeout; its page was closed.'));
    await this.task.catch(() => undefined);
  }
}

/** What the cluster hands a task as its `page`: the job's tracked page, or a stand-in when the slot could not open. */
const handedOut = new WeakMap<object, SlotJob | { failure: unknown }>();

export function handOut(page: Page, job: SlotJob): Page {
  handedOut.set(page, job);
  return page;
}

/** A stand-in page for a job whose slot could not open: the cluster only adds a listener to it; the task rethrows. */
export function handOutFailure(failure: unknown): Page {
  const standIn = { on: () => standIn, off: () => standIn };
  handedOut.set(standIn, { failure });
  return standIn as unknown as Page;
}

/** The job behind a page the cluster handed to a task; throws why the slot could not open. */
export function slotJobOf(page: Page): SlotJob {
  const held = handedOut.get(page);
  if (!held) throw new Error('The cluster handed the task a page this concurrency did not open.');
  if (!(held instanceof SlotJob)) throw held.failure;
  return held;
}
