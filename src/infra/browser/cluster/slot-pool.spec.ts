import { describe, expect, it } from '@jest/globals';
import type { EgressRelay } from '../../proxy/relay/egress-relay.js';
import type { RelaySlot } from '../../proxy/relay/relay-slot.js';
import type { SlotContext } from './slot-context.js';
import { SlotPool } from './slot-pool.js';

/** A relay double handing out numbered slots and recording what came back. */
function relayOf(): { relay: EgressRelay; claimed: number[]; released: number[] } {
  const claimed: number[] = [];
  const released: number[] = [];
  const relay = {
    claim: async () => {
      claimed.push(claimed.length);
      return { index: claimed.length - 1 } as RelaySlot;
    },
    release: (slot: RelaySlot) => released.push(slot.index),
  } as unknown as EgressRelay;
  return { relay, claimed, released };
}

describe('SlotPool', () => {
  it('hands out the slot checked in last, and claims a new one only when none is free', async () => {
    const { relay, claimed } = relayOf();
    const pool = new SlotPool(relay);
    const [a, b] = [await pool.checkout(), await pool.checkout()];
    expect(claimed).toEqual([0, 1]);
    pool.checkin(a);
    pool.checkin(b);
    expect(await pool.checkout()).toBe(b);
    expect(await pool.checkout()).toBe(a);
    pool.checkin(a);
    expect(await pool.checkout()).toBe(a);
    expect(claimed).toEqual([0, 1]);
  });

  it('a slot checked in twice is handed out once', async () => {
    const pool = new SlotPool(relayOf().relay);
    const a = await pool.checkout();
    pool.checkin(a);
    pool.checkin(a);
    expect(await pool.checkout()).toBe(a);
    expect(await pool.checkout()).not.toBe(a);
  });

  it('closes every context and returns every slot at shutdown, held or free; a later check-in is ignored', async () => {
    const { relay, released } = relayOf();
    const pool = new SlotPool(relay);
    const [held, free] = [await pool.checkout(), await pool.checkout()];
    const closed: number[] = [];
    held.context = { close: async () => void closed.push(0) } as unknown as SlotContext;
    free.context = { close: async () => void closed.push(1) } as unknown as SlotContext;
    pool.checkin(free);
    await pool.close();
    expect([closed.sort(), released.sort()]).toEqual([[0, 1], [0, 1]]);
    expect([held.context, free.context]).toEqual([null, null]);
    pool.checkin(held);
    expect(await pool.checkout()).not.toBe(held);
  });
});
