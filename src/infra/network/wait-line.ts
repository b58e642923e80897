/** A wait that the line's own bounds ended (full, or past its deadline): the limiter's failure, never the task's. */
export class LineBusyError extends Error {
  override readonly name = 'LineBusyError';
}

export interface LineBounds {
  /** Holders at once; the rest wait in line, first come first served. */
  readonly concurrency: number;
  /** Waiting at most; past it a caller fails at once. */
  readonly maxWaiting: number;
}

interface Waiter {
  readonly resume: () => void;
}

/** A counting semaphore whose waits have a deadline and whose line has a bound. */
export class WaitLine {
  private held = 0;
  private readonly waiting: Waiter[] = [];

  constructor(private readonly bounds: LineBounds, private readonly what: string) {}

  /** Waits for a place until `deadline` (epoch ms); answers the function that gives it back (call it once). */
  async enter(deadline: number): Promise<() => void> {
    if (this.held < this.bounds.concurrency) {
      this.held += 1;
      return this.leaver();
    }
    if (this.waiting.length >= this.bounds.maxWaiting) throw new LineBusyError(`too many ${this.what} waiting`);
    await new Promise<void>((resume, reject) => {
      const waiter: Waiter = { resume: () => (clearTimeout(timer), resume()) };
      const timer = setTimeout(() => {
        this.waiting.splice(this.waiting.indexOf(waiter), 1);
        reject(new LineBusyError(`${this.what} waited too long`));
      }, Math.max(0, deadline - Date.now()));
      this.waiting.push(waiter);
    });
    return this.leaver();
  }

  /** A place given back goes straight to the first waiter, so nobody passes the line in between. */
  private leaver(): () => void {
    let left = false;
    return () => {
      if (left) return;
      left = true;
      const next = this.waiting.shift();
      if (next) next.resume();
      else this.held -= 1;
    };
  }
}
