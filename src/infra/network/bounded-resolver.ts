/** Resolves a host name to every address it has; rejects or returns [] when it does not resolve. */
export type HostResolver = (host: string) => Promise<string[]>;

export interface ResolverBounds {
  /** Lookups running at once; the rest wait in line. */
  readonly concurrency: number;
  /** Lookups waiting at most; past it a lookup fails at once rather than pile up. */
  readonly maxWaiting: number;
  /** A lookup that takes longer fails (the name is then treated as not resolving). */
  readonly timeoutMs: number;
}

/** libuv's 4 threads (UV_THREADPOOL_SIZE) also serve fs, crypto and zlib: strangers' names get at most half of them. */
const LIBUV_THREADS = 4;
export const DNS_BOUNDS: ResolverBounds = { concurrency: LIBUV_THREADS / 2, maxWaiting: 256, timeoutMs: 5000 };

/** Wraps a resolver so strangers' host names cannot tie up the process's lookups (libuv has 4 threads for all of them). */
export function boundedResolver(resolve: HostResolver, bounds: ResolverBounds = DNS_BOUNDS): HostResolver {
  let running = 0;
  const waiting: Array<() => void> = [];
  const next = () => {
    running -= 1;
    waiting.shift()?.();
  };
  return async (host) => {
    if (running >= bounds.concurrency) {
      if (waiting.length >= bounds.maxWaiting) throw new Error('too many DNS lookups waiting');
      await new Promise<void>((resume) => waiting.push(resume));
    }
    running += 1;
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`DNS lookup of ${host} timed out`)), bounds.timeoutMs);
    });
    const lookup = resolve(host);
    // The lookup keeps its place until it really ends, so a timed-out one still counts against the bound.
    void lookup.then(next, next);
    try {
      return await Promise.race([lookup, timeout]);
    } finally {
      clearTimeout(timer);
    }
  };
}
