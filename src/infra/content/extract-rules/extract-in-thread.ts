import { Worker } from 'node:worker_threads';
import { ExtractTooLargeError } from './output-budget.js';
import type { ExtractRules } from './rule.js';

export interface ExtractInput {
  readonly html: string;
  readonly pageUrl: string;
  readonly rules: ExtractRules;
  readonly maxBytes: number;
}

export type ExtractReply =
  | { readonly ok: true; readonly value: Record<string, unknown> }
  | { readonly ok: false; readonly tooLarge: boolean; readonly message: string };

/** The rules ran past their time: the thread was stopped. */
export class ExtractTimeoutError extends Error {
  constructor(readonly timeoutMs: number) {
    super(`The extraction rules did not finish within ${timeoutMs} ms.`);
    this.name = 'ExtractTimeoutError';
  }
}

// A 20 MiB page parses into about 500 MB of DOM; past this the thread fails alone, the worker process lives on.
const THREAD_HEAP_MB = 1024;

/**
 * extractFromPage in a thread of its own: a selector the engine runs in cubic time (`a:has(~ a ~ a)` on thousands of
 * siblings) or a large parse never blocks the worker's event loop, and the thread is stopped at `timeoutMs`.
 * Throws ExtractTooLargeError, ExtractTimeoutError, or an Error when the thread failed (its heap exhausted).
 */
export function extractInThread(input: ExtractInput, timeoutMs: number): Promise<Record<string, unknown>> {
  return new Promise((resolve, reject) => {
    const thread = new Worker(new URL('./extract-thread.js', import.meta.url), { workerData: input, resourceLimits: { maxOldGenerationSizeMb: THREAD_HEAP_MB } });
    const settle = (outcome: () => void) => {
      clearTimeout(timer);
      void thread.terminate();
      outcome();
    };
    const timer = setTimeout(() => settle(() => reject(new ExtractTimeoutError(timeoutMs))), Math.max(0, timeoutMs));
    thread.once('message', (reply: ExtractReply) =>
      settle(() => (reply.ok ? resolve(reply.value) : reject(reply.tooLarge ? new ExtractTooLargeError(input.maxBytes) : new Error(reply.message)))),
    );
    thread.once('error', (error) => settle(() => reject(error)));
    // After a message or an error this changes nothing: a promise settles once.
    thread.once('exit', (code) => settle(() => reject(new Error(`The extraction thread exited with code ${code}.`))));
  });
}
