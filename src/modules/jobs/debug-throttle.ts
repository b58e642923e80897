/** decisions.md 7.2: a running job is captured at most once per interval however often it is polled. */
export const DEBUG_CAPTURE_INTERVAL_MS = 1000;

type Capture = (jobId: string) => Promise<object | null>;

/** Wraps a capture so polls within the interval share the last capture (or the one still being taken). */
export function throttleCaptures(capture: Capture, intervalMs = DEBUG_CAPTURE_INTERVAL_MS, now: () => number = Date.now): Capture {
  const recent = new Map<string, { at: number; capture: Promise<object | null> }>();
  return (jobId) => {
    const at = now();
    for (const [id, entry] of recent) if (at - entry.at >= intervalMs) recent.delete(id);
    const kept = recent.get(jobId);
    if (kept) return kept.capture;
    const fresh = capture(jobId);
    recent.set(jobId, { at, capture: fresh });
    return fresh;
  };
}
