import { Injectable } from '@nestjs/common';
import { BrowserCluster } from '../../infra/browser/browser-cluster.js';
import { keptCapture } from '../../infra/browser/debug-capture.js';
import type { DebugCapture, KeptPage } from '../../infra/browser/debug-capture.js';

/** What this worker knows of one of its running jobs beyond its tab. */
interface JobLook {
  /** A capture was asked of the job: someone is watching it. */
  asked: boolean;
  /** The thumbnail taken as its tab was given back; '' when none was. */
  screenshot: string;
  kept?: { readonly page: KeptPage; readonly at: Date };
}

/**
 * Worker side, decisions.md 2: what a debug ask of a running job is answered with. Its tab, live, while it holds one;
 * once it gave the tab back (its content, and the model's answer, still to come), the page it read. That costs a job
 * nobody polls nothing (issue 41): the source is the one it already read, cut only when asked, and a thumbnail is taken
 * as the tab goes back only for a job a capture was asked of.
 */
@Injectable()
export class JobCaptures {
  private readonly looks = new Map<string, JobLook>();

  constructor(private readonly browser: BrowserCluster) {}

  /** Runs the job's work; what it kept is dropped when it ends (done, its answer is the job's). */
  async during<T>(jobId: string, work: () => Promise<T>): Promise<T> {
    this.looks.set(jobId, { asked: false, screenshot: '' });
    try {
      return await work();
    } finally {
      this.looks.delete(jobId);
    }
  }

  /** Runs a browser task of the job while its tab is held; a job watched meanwhile keeps a thumbnail of the tab it leaves. */
  async whileHeld<T>(jobId: string, task: () => Promise<T>): Promise<T> {
    const answer = await task();
    const look = this.looks.get(jobId);
    if (look?.asked) look.screenshot = await this.browser.thumbnail(jobId);
    return answer;
  }

  /** The page the job read, shown once its tab is given back. */
  keep(jobId: string, page: KeptPage): void {
    const look = this.looks.get(jobId);
    if (look) look.kept = { page, at: new Date() };
  }

  /** The job's tab as it is now; else the page it read; null when it has shown nothing yet or runs elsewhere. */
  async capture(jobId: string): Promise<DebugCapture | null> {
    const look = this.looks.get(jobId);
    if (look) look.asked = true;
    const live = await this.browser.captureDebug(jobId);
    if (live || !look?.kept) return live;
    return keptCapture(look.kept.page, look.screenshot, look.kept.at);
  }
}
