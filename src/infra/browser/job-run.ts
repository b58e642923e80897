import { AppError } from '../../common/errors/app-error.js';
import { ErrorCode } from '../../common/errors/error-code.js';

/**
 * The job's browser went away under it (killed, out of memory, its process crashed), not its own page: the job may run
 * again on a new browser (JobRunner.perform, once). A page that crashed or hung is a plain browser_crashed.
 */
export class BrowserLost extends AppError {
  constructor() {
    super(ErrorCode.BrowserCrashed, 'The browser crashed during the job.');
  }
}

/**
 * One job's hard limits: its deadline and whatever must end it early (a browser crash, a hung page).
 * Ending it runs the registered stop hooks (closing the page), so a tab stuck in a script loop or a request that
 * never finishes cannot hold its slot.
 */
export class JobRun {
  private readonly controller = new AbortController();
  private readonly stopWatching: () => void;
  private readonly stopHooks: Array<() => void> = [];
  private readonly aborted: Promise<never>;
  private readonly startedAt = Date.now();
  private readonly steps: Array<{ readonly step: string; readonly at: number }> = [];
  deadlinePassed = false;
  crashed = false;

  /** `jobSignal`: the job's one signal, aborted at `deadline`; without it (tests, tools) a timer of its own stands in. */
  constructor(
    readonly jobId: string,
    readonly deadline: number,
    jobSignal?: AbortSignal,
  ) {
    this.aborted = new Promise<never>((_, reject) => {
      this.controller.signal.addEventListener('abort', () => reject(this.controller.signal.reason), { once: true });
    });
    this.aborted.catch(() => undefined);
    this.stopWatching = jobSignal ? onAbort(jobSignal, () => this.expire()) : onTimer(deadline, () => this.expire());
  }

  get signal(): AbortSignal {
    return this.controller.signal;
  }

  get ended(): boolean {
    return this.controller.signal.aborted;
  }

  remainingMs(): number {
    return Math.max(0, this.deadline - Date.now());
  }

  /** True once a step worth a log line of its own was marked (see mark). */
  notable = false;

  /** Notes that the job reached a step, for the slow-job log line; a notable step gets that line whatever the time. */
  mark(step: string, notable = false): void {
    this.steps.push({ step, at: Date.now() - this.startedAt });
    this.notable ||= notable;
  }

  /** Milliseconds since the job asked for a page. */
  elapsedMs(): number {
    return Date.now() - this.startedAt;
  }

  /** The steps reached so far, each with its time since the job asked for a page: "tab +2 ms, ready +31 ms, ...". */
  timeline(): string {
    return this.steps.map(({ step, at }) => `${step} +${at} ms`).join(', ') || 'no step reached';
  }

  /** Each step reached with the milliseconds it took since the previous one (the first since the page was asked for). */
  durations(): Array<{ readonly step: string; readonly ms: number }> {
    return this.steps.map(({ step, at }, i) => ({ step, ms: at - (i === 0 ? 0 : this.steps[i - 1].at) }));
  }

  /** Ends the job with this error (the first one wins) and runs the stop hooks. */
  fail(error: AppError): void {
    if (this.ended) return;
    this.controller.abort(error);
    for (const hook of this.stopHooks.splice(0)) hook();
  }

  /** Its browser disconnected under it. */
  crash(): void {
    this.crashed = true;
    this.fail(new BrowserLost());
  }

  /** Called when the job ends early (its own errors are the caller's). */
  onStop(hook: () => void): void {
    if (this.ended) hook();
    else this.stopHooks.push(hook);
  }

  /** The promise, or the job's end if that comes first; a late rejection of the promise is swallowed. */
  race<T>(promise: Promise<T>): Promise<T> {
    promise.catch(() => undefined);
    return Promise.race([promise, this.aborted]);
  }

  dispose(): void {
    this.stopWatching();
    this.stopHooks.length = 0;
  }

  private expire(): void {
    this.deadlinePassed = true;
    this.fail(new AppError(ErrorCode.NavigationTimeout, 'The job did not finish before its deadline; its page was closed.'));
  }
}

/** Runs `then` when the signal aborts (at once if it has); answers the way to stop watching. */
function onAbort(signal: AbortSignal, then: () => void): () => void {
  if (signal.aborted) {
    then();
    return () => undefined;
  }
  signal.addEventListener('abort', then, { once: true });
  return () => signal.removeEventListener('abort', then);
}

function onTimer(at: number, then: () => void): () => void {
  const timer = setTimeout(then, Math.max(0, at - Date.now()));
  return () => clearTimeout(timer);
}
