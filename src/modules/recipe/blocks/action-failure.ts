import { AppError } from '../../../common/errors/app-error.js';
import { ErrorCode } from '../../../common/errors/error-code.js';
import type { BrowserPage } from '../../../infra/browser/page-options.js';
import type { PageControl } from './page-turn.js';

/** An action block could not do its work (decisions.md 8.3): 500, billed (section 9 amends 8.3: not refunded), skipped when optional. */
export function actionFailed(message: string): AppError {
  return new AppError(ErrorCode.ActionFailed, message);
}

/** The first element matching `selector`, looked up once, now (a `wait` block waits); action_failed when none. */
export async function findElement(page: BrowserPage, selector: string): Promise<PageControl> {
  const element = await page.$(selector);
  if (!element) throw actionFailed(`no element matches ${JSON.stringify(selector)}`);
  return element;
}

/** Disposes handles whose document may be gone (after a navigation): nothing to give back then. */
export async function release(elements: readonly PageControl[]): Promise<void> {
  await Promise.all(elements.map((element) => element.dispose().catch(() => undefined)));
}
