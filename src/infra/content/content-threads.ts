import { AsyncLocalStorage } from 'node:async_hooks';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Piscina } from 'piscina';
import { performContentTask } from './content-task.js';
import type { ContentReply, ContentTask, ContentTaskValue } from './content-task.js';
import { inlineContentTasksAllowed } from './inline-content-tasks.js';
import { LineBusyError, WaitLine } from '../network/wait-line.js';

/** The task ran past the job's deadline: its thread was stopped. */
export class ContentTimeoutError extends Error {
  override readonly name = 'ContentTimeoutError';
}

/**
 * The task's work is too large for its bounds: its extracts past their bytes, its thread's heap exhausted, or its
 * page nested past what the stack holds. `kind`, the task's.
 */
export class ContentTooLargeError extends Error {
  override readonly name = 'ContentTooLargeError';

  constructor(readonly kind: ContentTask['kind'], message: string) {
    super(message);
  }
}

/** The task ran past its own budget (taskBudgetMs), well before the job's deadline: its thread was stopped. */
export class ContentBudgetError extends Error {
  override readonly name = 'ContentBudgetError';

  constructor(readonly budgetMs: number) {
    super(`The page's content took more than ${budgetMs} ms of its thread.`);
  }
}

/** A task's least time in a thread: one small page's work never holds a thread to its job's deadline. */
export const TASK_BUDGET_MS = 10_000;
/**
 * And its time per MiB of page: a page within MAX_PAGE_BYTES is worked out whole (decisions 7.2 refuses only larger
 * ones). Formatting takes 1.7 to 2.5 s a MiB alone on a two-core machine, and the budget is wall time: three
 * organizations' 2 MiB pages at once beside Chromium took 19 s each, past the 10 s that 4 s a MiB gave, and failed
 * page_too_large. 12 s a MiB is five times the lone cost; from about 7.5 MiB the job's own deadline is the bound.
 */
const BUDGET_MS_PER_MIB = 12_000;
/** A page past this takes the large pages' line (one thread at a time): the other thread keeps serving small pages. */
const LARGE_TASK_BYTES = 2.5 * 1_048_576;

/** A caller's `ai_schema` compiles in milliseconds within its bounds: this guards against a bound that proves too loose. */
export const SCHEMA_COMPILE_BUDGET_MS = 5_000;

/** The budget of one task: TASK_BUDGET_MS, or more for a large page; what a page's markup makes slow still stops. */
export function taskBudgetMs(task: ContentTask): number {
  if (task.kind === 'schema-error') return SCHEMA_COMPILE_BUDGET_MS;
  return Math.max(TASK_BUDGET_MS, Math.ceil((taskBytes(task) / 1_048_576) * BUDGET_MS_PER_MIB));
}

/** Whether the task is a large page's: run one at a time (contentTurn). */
export function isLargeTask(task: ContentTask): boolean {
  return taskBytes(task) > LARGE_TASK_BYTES;
}

function taskBytes(task: ContentTask): number {
  return 'html' in task ? task.html.length : 'bytes' in task ? task.bytes.length : 0;
}
const MAX_THREADS = 2;
/*
 * Fairness: one task of an organization at a time, in the order they came; and at most one thread at a time for a
 * large page's task (more than 2.5 MiB: isLargeTask), so the other
 * thread keeps serving small pages. A small page's task then waits for the small tasks ahead of it, never behind two
 * large ones for most of its job's deadline.
 */
const owners = new AsyncLocalStorage<string>();
const threadLine = new WaitLine({ concurrency: MAX_THREADS, maxWaiting: 10_000 }, 'content tasks');
const largeLine = new WaitLine({ concurrency: 1, maxWaiting: 10_000 }, 'content tasks of large pages');
const ownerLines = new Map<string, { line: WaitLine; users: number }>();

/** Runs `work` with its content tasks counted as `owner`'s (the job's organization) for fairness. */
export function asContentOwner<T>(owner: string, work: () => Promise<T>): Promise<T> {
  return owners.run(owner, work);
}

/** Whose content tasks run here ('' outside asContentOwner: one line for all of them). */
export function contentOwner(): string {
  return owners.getStore() ?? '';
}

// A 20 MiB page parses into about 500 MB of DOM: past this one thread fails (page_too_large), the process lives on.
const THREAD_HEAP_MB = 1024;
const THREAD = new URL('./content-thread.js', import.meta.url);

let pool: Piscina | null = null;

/** Throws, naming the file, when content tasks could not run in threads (a packaging change left the file out). */
export function assertContentThreads(): void {
  if (!inlineContentTasksAllowed() && !existsSync(fileURLToPath(THREAD))) throw missingThreadFile();
}

function missingThreadFile(): Error {
  return new Error(`The content thread file ${fileURLToPath(THREAD)} does not exist: content tasks would block the event loop, unbounded.`);
}

/**
 * Runs a content task in a pool of warm threads, stopped at the deadline (epoch ms; the job's signal, aborted there, when given): parsing a 20 MiB page, or a
 * caller's selector that the engine runs in cubic time (`a:has(~ a ~ a)`), never blocks the worker's event loop,
 * where the jobs' heartbeats and the browser's protocol live. Two threads at most: the cores are Chromium's too.
 * Where the compiled thread file does not exist the task runs in-line if the test switch allows it
 * (inline-content-tasks.ts), else fails. `waitUntil` (at most the deadline) bounds the wait for a turn: a caller that
 * leaves its budget's time after it (an ai_schema's compile) has the whole budget for the run, however long it waited.
 * Throws ContentTimeoutError, ContentTooLargeError (also when the thread's heap is exhausted), or an Error.
 */
export async function runContentTask<T extends ContentTask>(task: T, deadline: number, jobSignal?: AbortSignal, waitUntil = deadline): Promise<ContentTaskValue<T>> {
  const running = threads();
  if (!running && !inlineContentTasksAllowed()) throw missingThreadFile();
  const end = { deadline, signal: jobSignal ?? AbortSignal.timeout(Math.max(0, deadline - Date.now())) };
  const reply = running ? await contentTurn(task, Math.min(waitUntil, deadline), () => runBudgeted(running, task, end)) : await performContentTask(task);
  if (reply.ok) return reply.value as ContentTaskValue<T>;
  throw reply.tooLarge ? new ContentTooLargeError(task.kind, reply.message) : new Error(reply.message);
}

/** Ends the pool's threads (the worker's shutdown). */
export async function closeContentThreads(): Promise<void> {
  const closing = pool;
  pool = null;
  await closing?.close({ force: true });
}

function threads(): Piscina | null {
  if (pool === null && existsSync(fileURLToPath(THREAD))) {
    pool = new Piscina({ filename: THREAD.href, minThreads: 0, maxThreads: MAX_THREADS, idleTimeout: 60_000, resourceLimits: { maxOldGenerationSizeMb: THREAD_HEAP_MB } });
  }
  return pool;
}

/**
 * Runs `work` in the task's turn: its owner's (one task an organization), a large page's (one at a time), then a
 * thread's, each waited for until `deadline`. Throws ContentTimeoutError when a line is full or its wait too long.
 */
export async function contentTurn<T>(task: ContentTask, deadline: number, work: () => Promise<T>): Promise<T> {
  const owner = contentOwner();
  const entry = ownerLines.get(owner) ?? { line: new WaitLine({ concurrency: 1, maxWaiting: 256 }, 'content tasks of one organization'), users: 0 };
  ownerLines.set(owner, entry);
  entry.users += 1;
  try {
    const large = isLargeTask(task) ? largeLine : null;
    return await within(entry.line, deadline, () => within(large, deadline, () => within(threadLine, deadline, work)));
  } catch (error) {
    if (error instanceof LineBusyError) throw new ContentTimeoutError(`The page's content did not get a thread: ${error.message}.`);
    throw error;
  } finally {
    if ((entry.users -= 1) === 0) ownerLines.delete(owner);
  }
}

/** Runs `work` holding a place of `line` (no line: at once). */
async function within<T>(line: WaitLine | null, deadline: number, work: () => Promise<T>): Promise<T> {
  const leave = line ? await line.enter(deadline) : () => undefined;
  try {
    return await work();
  } finally {
    leave();
  }
}

/** The job's deadline (epoch ms) and its signal, aborted there: the signal stops the task, the deadline sizes the waits. */
interface JobEnd {
  readonly deadline: number;
  readonly signal: AbortSignal;
}

async function runBudgeted(threads: Piscina, task: ContentTask, { deadline, signal }: JobEnd): Promise<ContentReply> {
  const timeoutMs = Math.max(0, deadline - Date.now());
  const budgetMs = taskBudgetMs(task);
  const budget = AbortSignal.timeout(budgetMs);
  try {
    return (await threads.run(task, { signal: AbortSignal.any([signal, budget]) })) as ContentReply;
  } catch (error) {
    if ((error as Error).name === 'AbortError' || (error as Error).name === 'TimeoutError') {
      if (budget.aborted && timeoutMs > budgetMs) throw new ContentBudgetError(budgetMs);
      throw new ContentTimeoutError(`The page's content was not ready within ${timeoutMs} ms.`);
    }
    if ((error as { code?: unknown }).code === 'ERR_WORKER_OUT_OF_MEMORY') return { ok: false, tooLarge: true, message: 'out of memory' };
    throw error;
  }
}
