import { Logger } from '@nestjs/common';
import type { CDPSession, HTTPRequest, Page } from 'puppeteer';
import { AppError } from '../../common/errors/app-error.js';
import { ErrorCode } from '../../common/errors/error-code.js';
import type { BrowserInstance } from './browser-launcher.js';
import { killQuietly } from './browser-process.js';
import type { HeldPage } from './page-task.js';
import { withFallback } from '../../common/time/deadline.js';
import { PeriodicTask } from '../../common/time/periodic-task.js';

interface Hooks {
  /** The jobs running now. */
  running(): Iterable<HeldPage>;
  /** Every live browser, with a job or not: one that stops between jobs would fail every next job at its setup. */
  browsers(): Iterable<BrowserInstance>;
}

/** Resolves true when the promise settles (either way) within `ms`: only silence counts as hung. */
function answers(promise: Promise<unknown>, ms: number): Promise<boolean> {
  return withFallback(promise.then(() => true, () => true), ms, false);
}

/** A round trip to the page's renderer (on the tab's own session) that, unlike page.evaluate, does not wait for a pending navigation. */
function ping(client: CDPSession): Promise<unknown> {
  return client.send('Runtime.evaluate', { expression: '0', returnByValue: true });
}

/** Main-frame navigations of a page: while one is pending, Chromium holds calls to the renderer back (not a hang). */
class NavigationState {
  readonly pending = new Set<HTTPRequest>();
  lastActivity = 0;

  constructor(page: Page) {
    page.on('request', (request) => {
      if (!request.isNavigationRequest() || request.frame() !== page.mainFrame()) return;
      this.pending.add(request);
      this.lastActivity = Date.now();
    });
    const settle = (request: HTTPRequest) => {
      if (this.pending.delete(request)) this.lastActivity = Date.now();
    };
    page.on('response', (response) => settle(response.request()));
    page.on('requestfailed', settle);
    page.on('requestfinished', settle);
  }

  /** True when the page was between documents at any time since `since`. */
  navigatedSince(since: number): boolean {
    return this.pending.size > 0 || this.lastActivity >= since;
  }
}

/**
 * Asks every running job's page, and its browser, for a trivial answer; one silent for BROWSER_HANG_MS is hung
 * (a stopped or wedged renderer answers nothing until the deadline). A hung page's job fails as browser_crashed and
 * its context is closed with it (a renderer serves one context only, so that kills the page's renderers); its browser
 * is kept, since it answered its own probe in the same round. Replacing it cost a launch (about 3 s of CPU) that any
 * caller could ask for, free, with a looping script. A hung browser (with jobs or between them) is killed, which
 * fails its jobs through the crash path and has the next job launch a new one.
 */
export class HangWatchdog {
  private readonly logger = new Logger('HangWatchdog');
  private readonly navigations = new WeakMap<Page, NavigationState>();
  private readonly task = new PeriodicTask(() => this.probeRunning(), (error) => this.logger.warn(`hang watchdog round failed: ${error.message}`));

  constructor(
    private readonly hangMs: number,
    private readonly hooks: Hooks,
  ) {}

  start(): void {
    this.task.start(Math.max(250, Math.floor(this.hangMs / 2)));
  }

  stop(): void {
    this.task.stop();
  }

  /** Called when a job gets its tab, before it navigates: its navigations are followed from then on. */
  watch(page: Page): void {
    const state = this.navigations.get(page);
    if (state) state.pending.clear();
    else this.navigations.set(page, new NavigationState(page));
  }

  private async probeRunning(): Promise<void> {
    const jobs = [...this.hooks.running()].filter((job) => !job.run.ended);
    const browsers = [...new Set([...jobs.map((job) => job.instance), ...this.hooks.browsers()])].filter((instance) => instance.alive);
    await Promise.all([...browsers.map((instance) => this.probeBrowser(instance)), ...jobs.map((job) => this.probePage(job))]);
  }

  private async probeBrowser(instance: BrowserInstance): Promise<void> {
    if (await answers(instance.probe(), this.hangMs)) return;
    this.logger.warn(`Browser #${instance.generation} (pid ${instance.pid}) did not answer for ${this.hangMs} ms: killed`);
    killQuietly(instance.pid);
    if (instance.groupPid) killQuietly(-instance.groupPid);
  }

  /** A silent page whose browser answers: the job fails, and its end closes the page and its context (PageTask, SlotContext.recycle). */
  private async probePage(job: HeldPage): Promise<void> {
    const { page, client } = job.tab;
    const started = Date.now();
    if (this.navigations.get(page)?.navigatedSince(started)) return;
    const [pageAnswered, browserAnswered] = await Promise.all([answers(ping(client), this.hangMs), answers(job.instance.probe(), this.hangMs)]);
    // A silent browser is probeBrowser's to kill, which fails this job through the crash path.
    if (pageAnswered || !browserAnswered || job.run.ended || !job.instance.browser.connected) return;
    if (this.navigations.get(page)?.navigatedSince(started)) return;
    this.logger.warn(`Job ${job.run.jobId}: its page did not answer for ${this.hangMs} ms; failed, its context closed`);
    job.run.fail(new AppError(ErrorCode.BrowserCrashed, 'The page stopped responding; it was closed.'));
  }
}
