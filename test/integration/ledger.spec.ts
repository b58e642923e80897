import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { DataSource } from 'typeorm';
import { AppError } from '../../src/common/errors/app-error.js';
import { loadConfig } from '../../src/config/app-config.js';
import { loadPricing } from '../../src/config/json-files.js';
import { Organization } from '../../src/infra/database/entities/index.js';
import { SqlProgramRunner } from '../../src/infra/database/sql-program.js';
import { OrganizationRepository } from '../../src/modules/auth/organization.repository.js';
import { LedgerService } from '../../src/modules/billing/ledger.service.js';
import { MonthlyTopUpService } from '../../src/modules/billing/monthly-top-up.service.js';
import { crawlPrice } from '../../src/modules/billing/price-table.js';
import { balanceOf, fundedOrganization, insertOrganization, ledgerSum, openDatabase } from './database.js';
import { chargeProcedureSuites } from './charge-procedure.js';
import { ledgerMetricsSuites } from './ledger-metrics.js';
import { moneyHardeningSuites } from './money-hardening.js';

const pricing = loadPricing();

describe.each(['sqlite', 'mariadb'] as const)('ledger on %s', (kind) => {
  let db: DataSource;
  let ledger: LedgerService;
  let sequence = 0;
  const org = (balance: number) => fundedOrganization(db, ledger, `org${kind}${(sequence += 1)}`, balance);
  const charge = (organizationId: string, amount: number, requestKey: string, dailyLimit?: number | null) =>
    ledger.charge({ organizationId, requestKey, amount, reason: 'test', jobId: requestKey, host: 'example.com', ...(dailyLimit === undefined ? {} : { dailyLimit }) });

  beforeAll(async () => {
    db = await openDatabase(kind);
    ledger = new LedgerService(new SqlProgramRunner(db));
  });
  const topUp = () => new MonthlyTopUpService(loadConfig({ FREE_MONTHLY_CREDITS: '1000' }), new OrganizationRepository(db.getRepository(Organization)), ledger);
  afterAll(async () => db?.destroy());

  it('200 concurrent charges against a balance of 10 accept exactly 10 and never go below zero', async () => {
    const id = await org(10);
    const outcomes = await Promise.allSettled(Array.from({ length: 200 }, (_, i) => charge(id, 1, `${id}-c${i}`)));
    const accepted = outcomes.filter((outcome) => outcome.status === 'fulfilled');
    const refused = outcomes.filter((outcome) => outcome.status === 'rejected') as PromiseRejectedResult[];
    expect(accepted).toHaveLength(10);
    expect(refused.every((outcome) => (outcome.reason as AppError).code === 'insufficient_credits')).toBe(true);
    expect(await balanceOf(db, id)).toBe(0);
    expect(await ledgerSum(db, id)).toBe(0);
    const remaining = accepted.map((outcome) => (outcome as PromiseFulfilledResult<{ balanceAfter: number }>).value.balanceAfter).sort((a, b) => a - b);
    expect(remaining).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
  });

  it('charges and refunds every crawl price combination to the exact credit', async () => {
    const id = await org(10_000);
    let expected = 10_000;
    for (const tier of ['standard', 'premium'] as const) {
      for (const flags of Array.from({ length: 16 }, (_, n) => [1, 2, 4, 8].map((bit) => (n & bit) !== 0))) {
        const [js, images, aiQuery, city] = flags;
        const price = crawlPrice(pricing, { tier, js, images, aiQuery, city });
        const key = `${id}-${tier}-${flags.join('')}`;
        expected -= price;
        expect((await charge(id, price, key)).balanceAfter).toBe(expected);
        expected += price;
        expect((await ledger.refund({ organizationId: id, requestKey: key, jobId: key, host: 'example.com', dailyLimited: false })).balanceAfter).toBe(expected);
      }
    }
    expect(await balanceOf(db, id)).toBe(10_000);
    expect(await ledgerSum(db, id)).toBe(10_000);
  });

  it('moves the balance once when a refund is replayed, and refuses a replayed charge', async () => {
    const id = await org(100);
    await charge(id, 30, `${id}-once`);
    const refund = { organizationId: id, requestKey: `${id}-once`, amount: 30, jobId: `${id}-once`, host: 'example.com', dailyLimited: false };
    const first = await ledger.refund(refund);
    const second = await ledger.refund(refund);
    expect([first.balanceAfter, second.balanceAfter]).toEqual([100, 100]);
    expect(first.entryId).toBe(second.entryId);
    // The unique (request_key, kind) refuses it in the database itself: SQLite's and MariaDB's own words. Matched on
    // the message, not with toThrow: better-sqlite3's native part keeps the SqliteError class of the first test file
    // that loaded it in this Jest worker, another realm's, which Jest's toThrow does not take for an error at all.
    await expect(charge(id, 30, `${id}-once`)).rejects.toMatchObject({ message: expect.stringMatching(/UNIQUE constraint failed|Duplicate entry/) });
    expect(await balanceOf(db, id)).toBe(100);
    expect(await ledgerSum(db, id)).toBe(100);
  });

  it('stops charging at the daily limit and gives the day back on refund', async () => {
    const id = await org(1000);
    await charge(id, 30, `${id}-d1`, 2);
    await charge(id, 30, `${id}-d2`, 2);
    await expect(charge(id, 30, `${id}-d3`, 2)).rejects.toMatchObject({ code: 'daily_limit_reached' });
    expect(await balanceOf(db, id)).toBe(940);
    await ledger.refund({ organizationId: id, requestKey: `${id}-d2`, jobId: `${id}-d2`, host: 'example.com', dailyLimited: true });
    expect((await charge(id, 30, `${id}-d4`, 2)).balanceAfter).toBe(940);
    expect(await ledgerSum(db, id)).toBe(940);
  });

  it('tops a free organization up to the allowance once per month', async () => {
    const id = await org(250);
    await ledger.topUp(id, 1000, '2026-12');
    await ledger.topUp(id, 1000, '2026-12');
    expect(await balanceOf(db, id)).toBe(1000);
    expect(await ledgerSum(db, id)).toBe(1000);
  });

  it('replays a keyed grant given again the same, and refuses its key with another amount or reason (422 on Idempotency-Key)', async () => {
    const id = await org(10);
    const first = await ledger.grant(id, 5, 'invoice 7', 'grant', `${id}-grant`);
    expect(await ledger.grant(id, 5, 'invoice 7', 'grant', `${id}-grant`)).toEqual(first);
    for (const [amount, reason] of [[-5, 'invoice 7'], [5, 'invoice 8']] as const) {
      await expect(ledger.grant(id, amount, reason, 'grant', `${id}-grant`)).rejects.toMatchObject({
        code: 'validation_failed', details: { errors: { 'Idempotency-Key': ['was used for another grant (another amount or reason)'] } },
      });
    }
    expect(await balanceOf(db, id)).toBe(15);
  });

  it('refuses a grant that would take the balance past 2,000,000,000 (room left in the 32-bit column for refunds): 422 on amount, nothing moved', async () => {
    const id = await org(1_000_000_000);
    await ledger.grant(id, 1_000_000_000, 'second');
    await expect(ledger.grant(id, 1, 'third')).rejects.toMatchObject({
      code: 'validation_failed', details: { errors: { amount: ['would leave the balance below zero or above 2,000,000,000, or the organization does not exist'] } },
    });
    await charge(id, 5, `${id}-c`);
    await ledger.refund({ organizationId: id, requestKey: `${id}-c`, jobId: `${id}-c`, host: 'example.com', dailyLimited: false });
    expect([await balanceOf(db, id), await ledgerSum(db, id)]).toEqual([2_000_000_000, 2_000_000_000]);
  });

  it('refunds a charge once when ten refunds of it race (a waiting request and the sweep): the others are replays, none throws', async () => {
    const id = await org(100);
    await charge(id, 7, `${id}-raced`);
    const moves = await Promise.all(Array.from({ length: 10 }, () => ledger.refund({ organizationId: id, requestKey: `${id}-raced`, jobId: `${id}-raced`, host: 'example.com', dailyLimited: false })));
    expect(moves.map((move) => move.refunded).sort((a, b) => b - a)).toEqual([7, 0, 0, 0, 0, 0, 0, 0, 0, 0]);
    expect(await balanceOf(db, id)).toBe(100);
    expect(await ledgerSum(db, id)).toBe(100);
  });

  it("takes no lock for a month already topped up: answered while a charge holds the organization's row", async () => {
    const id = await org(250);
    await ledger.topUp(id, 1000, '2026-12');
    const charge = db.createQueryRunner();
    await charge.connect();
    try {
      await charge.startTransaction();
      await charge.query(`SELECT balance FROM organization WHERE id = ?${kind === 'mariadb' ? ' FOR UPDATE' : ''}`, [id]);
      // Waiting for the lock would take innodb_lock_wait_timeout (50 s): the race answers "waited" long before.
      const waited = new Promise((resolve) => setTimeout(() => resolve('waited'), 3000));
      expect(await Promise.race([ledger.topUp(id, 1000, '2026-12'), waited])).toMatchObject({ balanceAfter: 1000 });
    } finally {
      await charge.rollbackTransaction();
      await charge.release();
    }
  });

  it('resets free organizations to the allowance once a month, skipping new and paid ones', async () => {
    const create = async (name: string, plan: string, balance: number, created: string) => {
      const id = `${kind}${name}${(sequence += 1)}`;
      await insertOrganization(db, id, 0, plan);
      await db.query('UPDATE organization SET created_at = ? WHERE id = ?', [created, id]);
      await ledger.grant(id, balance, 'initial credits');
      return id;
    };
    const used = await create('used', 'free', 120, '2026-10-03 10:00:00');
    const hoard = await create('hoard', 'free', 1500, '2026-10-03 10:00:00');
    const fresh = await create('new', 'free', 700, '2026-11-20 10:00:00');
    const paid = await create('paid', 'pro', 40, '2026-10-03 10:00:00');

    const now = new Date('2026-11-22T12:00:00Z');
    await topUp().runOnce(now);
    await topUp().runOnce(now);

    expect(await Promise.all([used, hoard, fresh, paid].map((id) => balanceOf(db, id)))).toEqual([1000, 1000, 700, 40]);
    for (const id of [used, hoard, fresh, paid]) expect(await ledgerSum(db, id)).toBe(await balanceOf(db, id));
    const [entries] = await db.query("SELECT COUNT(*) AS n FROM ledger_entry WHERE kind = 'topup' AND organization_id IN (?, ?, ?, ?)", [used, hoard, fresh, paid]);
    expect(Number(entries.n)).toBe(2);
  });
});

moneyHardeningSuites();
chargeProcedureSuites();
ledgerMetricsSuites();
