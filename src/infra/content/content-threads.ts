import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Piscina } from 'piscina';
import { performContentTask } from './content-task.js';
import type { ContentReply, ContentTask, ContentTaskValue } from './content-task.js';
import { ExtractTooLargeError } from './extract-rules/output-budget.js';

/** The task ran past the job's deadline: its thread was stopped. */
export class ContentTimeoutError extends Error {
  override readonly name = 'ContentTimeoutError';
}

// A 20 MiB page parses into about 500 MB of DOM: past this one thread fails (page_too_large), the process lives on.
const THREAD_HEAP_MB = 1024;
const THREAD = new URL('./content-thread.js', import.meta.url);

let pool: Piscina | null = null;

/**
 * Runs a content task in a pool of warm threads, stopped at the deadline (epoch ms): parsing a 20 MiB page, or a
 * caller's selector that the engine runs in cubic time (`a:has(~ a ~ a)`), never blocks the worker's event loop,
 * where the jobs' heartbeats and the browser's protocol live. Two threads at most: the cores are Chromium's too.
 * Where the compiled thread file does not exist (sources run by the test runner) the task runs in-line.
 * Throws ContentTimeoutError, ExtractTooLargeError (also when the thread's heap is exhausted), or an Error.
 */
export async function runContentTask<T extends ContentTask>(task: T, deadline: number): Promise<ContentTaskValue<T>> {
  const reply = threads() ? await inThread(threads()!, task, deadline) : await performContentTask(task);
  if (reply.ok) return reply.value as ContentTaskValue<T>;
  throw reply.tooLarge ? new ExtractTooLargeError(task.kind === 'extract' ? task.maxBytes : 0) : new Error(reply.message);
}

/** Ends the pool's threads (the worker's shutdown). */
export async function closeContentThreads(): Promise<void> {
  const closing = pool;
  pool = null;
  await closing?.close({ force: true });
}

function threads(): Piscina | null {
  if (pool === null && existsSync(fileURLToPath(THREAD))) {
    pool = new Piscina({ filename: THREAD.href, minThreads: 0, maxThreads: 2, idleTimeout: 60_000, resourceLimits: { maxOldGenerationSizeMb: THREAD_HEAP_MB } });
  }
  return pool;
}

async function inThread(threads: Piscina, task: ContentTask, deadline: number): Promise<ContentReply> {
  const timeoutMs = Math.max(0, deadline - Date.now());
  try {
    return (await threads.run(task, { signal: AbortSignal.timeout(timeoutMs) })) as ContentReply;
  } catch (error) {
    if ((error as Error).name === 'AbortError' || (error as Error).name === 'TimeoutError') throw new ContentTimeoutError(`The page's content was not ready within ${timeoutMs} ms.`);
    if ((error as { code?: unknown }).code === 'ERR_WORKER_OUT_OF_MEMORY') return { ok: false, tooLarge: true, message: 'out of memory' };
    throw error;
  }
}
