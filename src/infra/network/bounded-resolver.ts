import { LineBusyError, WaitLine } from './wait-line.js';

/** Resolves a host name to every address it has; rejects or returns [] when it does not resolve. */
export type HostResolver = (host: string) => Promise<string[]>;

/** A bounded resolver: `lane` (a job's own object) puts the lookup in that job's line first. */
export type LaneResolver = (host: string, lane?: object) => Promise<string[]>;

/** The resolver's own limits stopped the lookup: it says nothing about the name, and is never cached as its answer. */
export { LineBusyError as ResolverBusyError };

export interface ResolverBounds {
  /** Lookups running at once; the rest wait in line. */
  readonly concurrency: number;
  /** Lookups waiting at most; past it a lookup fails at once rather than pile up. */
  readonly maxWaiting: number;
  /** A lookup that takes longer fails (the name is then treated as not resolving). */
  readonly timeoutMs: number;
  /** A wait in line (the job's, then the process's) ends here: the lookup fails busy. */
  readonly waitMs: number;
  /** One job's lookups: this many run at once, so one page never holds every place; this many more wait. */
  readonly perLane: { readonly concurrency: number; readonly maxWaiting: number };
}

/** libuv's 4 threads (UV_THREADPOOL_SIZE) also serve fs, crypto and zlib: strangers' names get at most half of them. */
const LIBUV_THREADS = 4;
export const DNS_BOUNDS: ResolverBounds = {
  concurrency: LIBUV_THREADS / 2, maxWaiting: 256, timeoutMs: 5000, waitMs: 5000, perLane: { concurrency: 1, maxWaiting: 32 },
};

/**
 * Wraps a resolver so strangers' host names cannot tie up the process's lookups (libuv has 4 threads for all of
 * them): a job's lookups wait in its own line, one at a time, so the process's line holds at most one lookup a job.
 */
export function boundedResolver(resolve: HostResolver, bounds: ResolverBounds = DNS_BOUNDS): LaneResolver {
  const shared = new WaitLine(bounds, 'DNS lookups');
  const lanes = new WeakMap<object, WaitLine>();
  const laneOf = (lane: object) => lanes.get(lane) ?? lanes.set(lane, new WaitLine(bounds.perLane, "one job's DNS lookups")).get(lane)!;
  return async (host, lane) => {
    const deadline = Date.now() + bounds.waitMs;
    const leaveLane = lane ? await laneOf(lane).enter(deadline) : () => undefined;
    let leave: () => void;
    try {
      leave = await shared.enter(deadline);
    } catch (error) {
      leaveLane();
      throw error;
    }
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`DNS lookup of ${host} timed out`)), bounds.timeoutMs);
    });
    const lookup = resolve(host);
    // The lookup keeps its places until it really ends, so a timed-out one still counts against both bounds.
    const done = () => (leave(), leaveLane());
    void lookup.then(done, done);
    try {
      return await Promise.race([lookup, timeout]);
    } finally {
      clearTimeout(timer);
    }
  };
}
