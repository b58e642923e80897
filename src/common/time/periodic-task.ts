/**
 * One round of some work every period, never two rounds at once (a slow round is not overlapped by the next), a
 * failed round reported and the next one tried on time. The timer never keeps the process alive.
 */
export class PeriodicTask {
  private timer?: NodeJS.Timeout;
  private busy = false;

  constructor(
    private readonly round: () => Promise<unknown>,
    private readonly onError: (error: Error) => void,
  ) {}

  start(everyMs: number): void {
    this.stop();
    this.timer = setInterval(() => void this.run(), everyMs);
    this.timer.unref();
  }

  stop(): void {
    clearInterval(this.timer);
    this.timer = undefined;
  }

  /** Runs `work` (the task's own round by default) now, unless a round is under way: then it does nothing. */
  async run(work: () => Promise<unknown> = this.round): Promise<void> {
    if (this.busy) return;
    this.busy = true;
    try {
      await work();
    } catch (error) {
      this.onError(error instanceof Error ? error : new Error(String(error)));
    } finally {
      this.busy = false;
    }
  }
}
