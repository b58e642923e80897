/**
 * An AbortSignal that fires after `ms` with a TimeoutError, as AbortSignal.timeout does, but on the timers' clock
 * (setTimeout: one clock for the code and its specs' fake timers); its timer keeps no process alive.
 */
export function timeoutSignal(ms: number): AbortSignal {
  const controller = new AbortController();
  setTimeout(() => controller.abort(new DOMException(`timed out after ${ms} ms`, 'TimeoutError')), ms).unref();
  return controller.signal;
}

/** An AbortSignal that fires at the wall-clock time `deadline` (ms since the epoch); its timer keeps no process alive. */
export function deadlineSignal(deadline: number): AbortSignal {
  return timeoutSignal(Math.max(0, deadline - Date.now()));
}

/**
 * Settles as `work` does, unless `signal` aborts first: then rejects with `onAbort()` (or the signal's reason).
 * The work left behind may still fail later (its page is closed under it); that rejection is expected and dropped.
 */
export function raceSignal<T>(work: Promise<T>, signal: AbortSignal, onAbort: () => unknown = () => signal.reason): Promise<T> {
  work.catch(() => undefined);
  if (signal.aborted) return Promise.reject(onAbort());
  return new Promise<T>((resolve, reject) => {
    const abort = () => reject(onAbort());
    signal.addEventListener('abort', abort, { once: true });
    work.then(resolve, reject).finally(() => signal.removeEventListener('abort', abort));
  });
}

/** `work`'s value, or `fallback` once `ms` have passed or `work` failed: for best-effort steps (captures, closes, wipes). */
export function withFallback<T>(work: Promise<T>, ms: number, fallback: T): Promise<T> {
  return raceSignal(work, timeoutSignal(ms), () => fallback).catch(() => fallback);
}
