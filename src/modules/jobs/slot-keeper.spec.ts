import { describe, expect, it } from '@jest/globals';
import type { Redis } from 'ioredis';
import type { AppConfig } from '../../config/app-config.js';
import type { Job } from '../../infra/database/entities/index.js';
import type { LimitsService, SlotHolder } from '../billing/limits.service.js';
import type { JobRepository } from './job.repository.js';
import type { OperationRegistry } from './operation-registry.js';
import { SlotKeeper } from './slot-keeper.service.js';

const LEASE = 3000;
const T0 = 1_000_000;

/** The keeper's rules against doubles: which leases it renews, which slots it frees, and that one process keeps per period. */
function setup(holders: SlotHolder[], statuses: Record<string, Job['status']>, turnFree = true, kinds: Record<string, string> = {}, endsAtRestore: string[] = []) {
  const kept: string[][] = [];
  const released: string[] = [];
  const restored: string[] = [];
  const redis = { set: async () => (turnFree ? 'OK' : null) };
  const limits = {
    slotHolders: async () => holders,
    keepSlots: async (live: SlotHolder[], leaseMs: number) => void kept.push([...live.map((holder) => holder.holder), String(leaseMs)]),
    releaseSlot: async (organizationId: string, holder: string) => void released.push(`${organizationId}/${holder}`),
    restoreSlots: async (lost: SlotHolder[]) => {
      restored.push(...lost.map((slot) => `${slot.organizationId}/${slot.holder}`));
      // A job that ends just as its slot is restored (endsAtRestore): its row says so from now on.
      for (const slot of lost) if (endsAtRestore.includes(slot.holder)) statuses[slot.holder] = 'done';
      return lost.map((slot) => ({ ...slot, since: T0 }));
    },
    releaseSlotAsSeen: async (slot: SlotHolder) => void released.push(`${slot.organizationId}/${slot.holder} as seen at ${slot.since}`),
  };
  const jobs = {
    statusesOf: async (ids: string[]) => new Map(ids.filter((id) => statuses[id]).map((id) => [id, statuses[id]!])),
    openJobs: async (exceptKinds: string[]) => Object.keys(statuses)
      .filter((id) => ['running', 'queued'].includes(statuses[id]!) && !exceptKinds.includes(kinds[id] ?? 'crawl'))
      .map((id) => ({ id, organizationId: 'org' })),
  };
  const registry = { ownKinds: () => ['site'] };
  const config = { slotLeaseMs: LEASE } as AppConfig;
  const keeper = new SlotKeeper(config, redis as unknown as Redis, limits as unknown as LimitsService, jobs as unknown as JobRepository, registry as unknown as OperationRegistry);
  return { keeper, kept, released, restored };
}

const holder = (id: string, since = T0 - 10 * LEASE): SlotHolder => ({ holder: id, organizationId: 'org', since });

describe('SlotKeeper', () => {
  it('renews queued and running jobs and a fresh admission without a row; frees ended jobs and stale admissions', async () => {
    const world = setup(
      [holder('queued'), holder('running'), holder('done'), holder('failed'), holder('fresh', T0 - 100), holder('stale')],
      { queued: 'queued', running: 'running', done: 'done', failed: 'failed' },
    );
    await world.keeper.keep(T0);
    expect(world.kept).toEqual([['queued', 'running', 'fresh', String(LEASE)]]);
    expect(world.released).toEqual(['org/done', 'org/failed', 'org/stale']);
  });

  it('does nothing in a period whose turn another process took', async () => {
    const world = setup([holder('queued')], { queued: 'queued' }, false);
    await world.keeper.keep(T0);
    expect([world.kept, world.released, world.restored]).toEqual([[], [], []]);
  });

  it("takes the slot again for a queued or running job no index lists (Redis lost its data); never a listed, ended or own kind's job", async () => {
    const world = setup(
      [holder('listed')],
      { listed: 'running', running: 'running', queued: 'queued', done: 'done', crawl: 'running' },
      true,
      { crawl: 'site' },
    );
    await world.keeper.keep(T0);
    expect(world.restored).toEqual(['org/running', 'org/queued']);
    expect(world.released).toEqual([]);
  });

  it('releases, as it restored it, the slot of a job that ended between the read of its row and the restore', async () => {
    const world = setup([], { running: 'running', ending: 'running' }, true, {}, ['ending']);
    await world.keeper.keep(T0);
    expect(world.restored).toEqual(['org/running', 'org/ending']);
    expect(world.released).toEqual([`org/ending as seen at ${T0}`]);
  });
});
