import { AppError } from '../../common/errors/app-error.js';
import { ErrorCode } from '../../common/errors/error-code.js';
import { NESTED_TOO_DEEP } from '../../infra/content/depth-cap.js';
import type { ContentTask, ContentTaskValue } from '../../infra/content/content-task.js';
import { ContentBudgetError, ContentTimeoutError, ContentTooLargeError, runContentTask } from '../../infra/content/content-threads.js';
import { pageTooLarge } from './page-size.js';

/** The job's bounds on the Node-side work of its page. */
export interface ContentLimits {
  /** Epoch ms: the work is stopped there. */
  readonly deadline: number;
  readonly maxBytes: number;
  /** The job's signal (aborted at `deadline`): the content threads and the model stop on it. Absent outside a job's run. */
  readonly signal?: AbortSignal;
}

/** A content task of the job, its failures as the job's: past the deadline navigation_timeout, too large page_too_large. */
export async function pageContentWork<T extends ContentTask>(task: T, limits: ContentLimits): Promise<ContentTaskValue<T>> {
  try {
    return await runContentTask(task, limits.deadline, limits.signal);
  } catch (error) {
    // Too deep for its work (a JSON-LD value, a selector nested 100,000 levels) says so; every other cause is bytes.
    if (error instanceof ContentTooLargeError) throw error.message === NESTED_TOO_DEEP ? new AppError(ErrorCode.PageTooLarge, NESTED_TOO_DEEP) : pageTooLarge(limits.maxBytes);
    // The page's own cost (its size, or rules the engine runs slowly on it): page_too_large, as its heap running out is.
    if (error instanceof ContentBudgetError) throw new AppError(ErrorCode.PageTooLarge, `The page's content took more than ${Math.round(error.budgetMs / 1000)} s to work out; the most a page of its size may take.`);
    if (error instanceof ContentTimeoutError) throw new AppError(ErrorCode.NavigationTimeout, "The page's content was not ready before the job deadline.");
    throw error;
  }
}
