import type { Page, Viewport as PuppeteerViewport } from 'puppeteer';
import type { PageOptions, Viewport } from './page-options.js';

/** What the tab currently emulates, so that a reused tab only receives the changes. */
export interface AppliedOptions {
  readonly viewport: PuppeteerViewport;
  /** null: the browser's own user agent. */
  readonly userAgent: string | null;
  readonly js: boolean;
}

export function toPuppeteerViewport(viewport: Viewport): PuppeteerViewport {
  return {
    width: viewport.width,
    height: viewport.height,
    deviceScaleFactor: viewport.deviceScaleFactor ?? 1,
    // Window metrics only: the user agent stays what it is (spec: mobile does not change it).
    isMobile: viewport.isMobile ?? false,
    isLandscape: viewport.isLandscape ?? false,
    hasTouch: viewport.hasTouch ?? false,
  };
}

function sameViewport(a: PuppeteerViewport, b: PuppeteerViewport | null | undefined): boolean {
  if (!b) return false;
  const keys: Array<keyof PuppeteerViewport> = ['width', 'height', 'deviceScaleFactor', 'isMobile', 'isLandscape', 'hasTouch'];
  return keys.every((key) => a[key] === b[key]);
}

/**
 * Makes the tab emulate what the job asks. `previous` is what the tab already emulates (null for a new tab);
 * `defaultUserAgent` is the browser's own, restored when a previous job replaced it.
 */
export async function applyPageOptions(
  page: Page,
  options: PageOptions,
  previous: AppliedOptions | null,
  defaultUserAgent: string,
): Promise<AppliedOptions> {
  const viewport = toPuppeteerViewport(options.viewport);
  const steps: Array<Promise<unknown>> = [];
  // The operation may have resized the viewport (full-page screenshots): compare with what the page reports.
  if (!sameViewport(viewport, page.viewport())) steps.push(page.setViewport(viewport));
  if ((previous?.userAgent ?? null) !== options.userAgent) steps.push(page.setUserAgent({ userAgent: options.userAgent ?? defaultUserAgent }));
  if ((previous?.js ?? true) !== options.js || page.isJavaScriptEnabled() !== options.js) {
    steps.push(page.setJavaScriptEnabled(options.js));
  }
  await Promise.all(steps);
  return { viewport, userAgent: options.userAgent, js: options.js };
}
