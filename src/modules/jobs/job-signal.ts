import { AppError } from '../../common/errors/app-error.js';
import { ErrorCode } from '../../common/errors/error-code.js';

/** The one "the job's time is up": a signal aborted at the deadline with navigation_timeout as its reason. */
export interface JobSignal {
  readonly signal: AbortSignal;
  /** Stops the timer once the job has ended (the signal then never aborts). */
  dispose(): void;
}

/** How long past the deadline a runner waits for work that ignores the job's signal before failing the job itself. */
export const BACKSTOP_MS = 5_000;

export function jobDeadlineSignal(deadline: number): JobSignal {
  const controller = new AbortController();
  const expire = () => controller.abort(new AppError(ErrorCode.NavigationTimeout, 'The job did not finish before its deadline.'));
  const timer = setTimeout(expire, Math.max(0, deadline - Date.now()));
  // A job's timer never keeps a stopping process alive.
  timer.unref();
  return { signal: controller.signal, dispose: () => clearTimeout(timer) };
}
