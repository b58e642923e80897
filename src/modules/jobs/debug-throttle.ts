/** decisions.md 7.2: a running job is captured at most once per interval however often it is polled. */
export const DEBUG_CAPTURE_INTERVAL_MS = 1000;

type Capture = (jobId: string) => Promise<object | null>;

/**
 * Wraps a capture so polls share the one being taken and, for an interval after it ends, the last one. The interval
 * counts from the end: a capture slower than the interval (a screenshot on a loaded machine) is still shared, instead of
 * every poll waiting on a capture of its own.
 */
export function throttleCaptures(capture: Capture, intervalMs = DEBUG_CAPTURE_INTERVAL_MS, now: () => number = Date.now): Capture {
  const recent = new Map<string, { endedAt: number; capture: Promise<object | null> }>();
  return (jobId) => {
    const at = now();
    for (const [id, entry] of recent) if (at - entry.endedAt >= intervalMs) recent.delete(id);
    const kept = recent.get(jobId);
    if (kept) return kept.capture;
    const entry = { endedAt: Infinity, capture: capture(jobId) };
    const ended = () => {
      entry.endedAt = now();
    };
    entry.capture.then(ended, ended);
    recent.set(jobId, entry);
    return entry.capture;
  };
}
