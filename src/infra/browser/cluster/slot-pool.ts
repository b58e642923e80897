import type { EgressRelay } from '../../proxy/relay/egress-relay.js';
import type { RelaySlot } from '../../proxy/relay/relay-slot.js';
import type { SlotContext } from './slot-context.js';

/** A relay slot for its whole life in the pool, and the context (with its tab) last opened on it, if still open. */
export class SlotEntry {
  context: SlotContext | null = null;

  constructor(readonly slot: RelaySlot) {}
}

/**
 * The cluster's slots, shared by its workers: a job checks one out and checks it back after its wipe. Last in, first
 * out: puppeteer-cluster hands jobs to its idle workers in turn, so a slot per worker sent successive jobs round all
 * the tabs, each one's first job cold; here the next job takes the tab freed last, whose HTTP cache is warm (9.7).
 * A new slot is claimed from the relay only when none is free, so there are never more than jobs at once.
 */
export class SlotPool {
  private readonly free: SlotEntry[] = [];
  private readonly all = new Set<SlotEntry>();

  constructor(private readonly relay: EgressRelay) {}

  /** The slot checked in last, or a new one when every slot is held. */
  async checkout(): Promise<SlotEntry> {
    const reused = this.free.pop();
    if (reused) return reused;
    const entry = new SlotEntry(await this.relay.claim());
    this.all.add(entry);
    return entry;
  }

  /** After the job's wipe (or its context's close): the slot serves the next job. */
  checkin(entry: SlotEntry): void {
    if (this.all.has(entry) && !this.free.includes(entry)) this.free.push(entry);
  }

  /** At shutdown: every context goes and every slot returns to the relay, held or free. */
  async close(): Promise<void> {
    const entries = [...this.all];
    this.all.clear();
    this.free.length = 0;
    await Promise.all(entries.map((entry) => entry.context?.close()));
    for (const entry of entries) {
      entry.context = null;
      this.relay.release(entry.slot);
    }
  }
}
