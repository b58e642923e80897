/** What a job's tab touched, hence what the wipe after it must clear. */
export class JobFootprint {
  /** Every http(s) origin the tab sent a request to or stored data for. */
  readonly origins = new Set<string>();
  /** Storage keys of the documents its frames showed (a third-party frame's key is its origin plus the top-level site). */
  readonly storageKeys = new Set<string>();
  /** The tab received a `Cache-Control: private` answer: the HTTP cache is cleared after the job (decisions 9.7). */
  privateAnswer = false;
  /** A capture emulated the job's window on the tab's own session (page-capture.ts): the wipe clears it. */
  windowEmulated = false;
  private readonly lookups = new Set<Promise<unknown>>();

  recordUrl(url: string): void {
    if (!url.startsWith('http')) return;
    try {
      this.origins.add(new URL(url).origin);
    } catch {
      // not a URL worth clearing
    }
  }

  /** Adds the storage key the lookup resolves with (a failed lookup adds nothing: opaque origins store nothing). */
  recordStorageKey(lookup: Promise<string>): void {
    const tracked = lookup.then((key) => void this.storageKeys.add(key)).catch(() => undefined);
    this.lookups.add(tracked);
    void tracked.finally(() => this.lookups.delete(tracked));
  }

  /** Resolves when every storage key lookup has answered. */
  async settled(): Promise<void> {
    await Promise.all([...this.lookups]);
  }

  /** Keys that clearing by origin does not reach: partitioned ones (`origin/^0site`, `origin/^3...`). */
  partitionedKeys(): string[] {
    return [...this.storageKeys].filter((key) => key.includes('^'));
  }
}
