import type { CDPSession, Protocol } from 'puppeteer';

type StorageEvent = { storageId: Protocol.DOMStorage.StorageId };

/**
 * Follows a tab's sessionStorage writes (any frame, any origin) through the DOMStorage domain.
 * sessionStorage belongs to the tab, survives navigations, and CDP can clear it only through a frame showing that
 * storage key: what the job wrote is cleared while its documents are still open, and a write that could not be
 * cleared (a frame already gone, an unload handler) makes the tab unfit for reuse.
 */
export class SessionStorageWatch {
  private readonly written = new Map<string, Protocol.DOMStorage.StorageId>();
  private clearing = false;
  private uncleared = false;

  constructor(
    private readonly client: CDPSession,
    /** Every storage origin seen writing (local or session storage), for the wipe's per-origin clearing. */
    private readonly onOrigin: (origin: string) => void,
  ) {
    client.on('DOMStorage.domStorageItemAdded', this.onWrite);
    client.on('DOMStorage.domStorageItemUpdated', this.onWrite);
  }

  enable(): Promise<unknown> {
    return this.client.send('DOMStorage.enable');
  }

  /** Forgets the previous job. */
  reset(): void {
    this.written.clear();
    this.clearing = false;
    this.uncleared = false;
  }

  /** Clears what the job wrote; from now on any write counts as uncleared. */
  async clear(): Promise<void> {
    this.clearing = true;
    const results = await Promise.allSettled(
      [...this.written.values()].map((storageId) => this.client.send('DOMStorage.clear', { storageId })),
    );
    if (results.some((result) => result.status === 'rejected')) this.uncleared = true;
  }

  /** True when no sessionStorage entry of the job can outlive it. */
  get clean(): boolean {
    return !this.uncleared;
  }

  private readonly onWrite = (event: StorageEvent): void => {
    const { storageId } = event;
    if (storageId.securityOrigin) this.onOrigin(storageId.securityOrigin);
    if (storageId.isLocalStorage) return;
    if (this.clearing) this.uncleared = true;
    this.written.set(`${storageId.storageKey ?? ''}|${storageId.securityOrigin ?? ''}`, storageId);
  };
}
