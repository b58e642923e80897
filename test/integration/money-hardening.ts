// Run from ledger.spec.ts: one file per MariaDB test database, since openDatabase empties it.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { DataSource } from 'typeorm';
import { SqlProgramRunner } from '../../src/infra/database/sql-program.js';
import { LedgerService } from '../../src/modules/billing/ledger.service.js';
import { utcDay } from '../../src/modules/billing/utc-day.js';
import { balanceOf, fundedOrganization, insertOrganization, ledgerSum, openDatabase } from './database.js';

const YESTERDAY = utcDay(new Date(Date.now() - 86_400_000));

export function moneyHardeningSuites(): void {
  describe.each(['sqlite', 'mariadb'] as const)('money hardening on %s', (kind) => {
    let db: DataSource;
    let ledger: LedgerService;
    let sequence = 0;
    const org = (balance: number) => fundedOrganization(db, ledger, `mh${kind}${(sequence += 1)}`, balance);
    const row = async (sql: string, ...params: unknown[]) => ((await db.query(sql, params)) as Array<Record<string, unknown>>)[0];

    beforeAll(async () => {
      db = await openDatabase(kind);
      ledger = new LedgerService(new SqlProgramRunner(db));
    });
    afterAll(async () => db?.destroy());

    it('refunds against the UTC day of the charge, not the day of the refund', async () => {
      const id = await org(100);
      const key = `${id}-night`;
      await ledger.charge({ organizationId: id, requestKey: key, amount: 30, reason: 'test', jobId: key, host: 'night.example', dailyLimit: 5 });
      // The charge happened yesterday, a second before midnight.
      await db.query('UPDATE ledger_entry SET created_at = ? WHERE request_key = ?', [`${YESTERDAY} 23:59:59`, key]);
      await db.query('UPDATE daily_quota SET day = ? WHERE organization_id = ?', [YESTERDAY, id]);
      await db.query('UPDATE usage_tally SET day = ? WHERE organization_id = ?', [YESTERDAY, id]);
      await ledger.refund({ organizationId: id, requestKey: key, jobId: key, host: 'night.example', dailyLimited: true });

      expect(Number((await row('SELECT used FROM daily_quota WHERE organization_id = ? AND day = ?', id, YESTERDAY))!.used)).toBe(0);
      const yesterday = await row('SELECT requests, credits FROM usage_tally WHERE organization_id = ? AND day = ?', id, YESTERDAY);
      expect([Number(yesterday!.requests), Number(yesterday!.credits)]).toEqual([1, 0]);
      expect(await row('SELECT credits FROM usage_tally WHERE organization_id = ? AND day = ?', id, utcDay())).toBeUndefined();
      expect(await balanceOf(db, id)).toBe(100);
      expect(await ledgerSum(db, id)).toBe(100);
    });

    it('applies a grant with a request key once however often it is retried', async () => {
      const id = await org(10);
      const moves = await Promise.all([1, 2, 3].map(() => ledger.grant(id, 50, 'retried', 'grant', `grant:${id}:k1`).catch((error: unknown) => error)));
      const replay = await ledger.grant(id, 50, 'retried', 'grant', `grant:${id}:k1`);
      expect(await balanceOf(db, id)).toBe(60);
      expect(await ledgerSum(db, id)).toBe(60);
      expect(moves.some((move) => (move as { entryId?: string }).entryId === replay.entryId)).toBe(true);
    });
  });

  describe('monthly top-up against a charge committing meanwhile (mariadb)', () => {
    let db: DataSource;
    let ledger: LedgerService;

    beforeAll(async () => {
      db = await openDatabase('mariadb');
      ledger = new LedgerService(new SqlProgramRunner(db));
    });
    afterAll(async () => db?.destroy());

    it('waits for the row lock and keeps balance == sum(ledger)', async () => {
      const id = 'mhtopuprace';
      await insertOrganization(db, id, 0, 'free');
      await ledger.grant(id, 250, 'initial credits');
      // Another transaction charges 30 and holds the row until we let it commit.
      const charger = db.createQueryRunner();
      await charger.connect();
      await charger.startTransaction();
      await charger.query('UPDATE organization SET balance = balance - 30 WHERE id = ?', [id]);
      await charger.query(
        "INSERT INTO ledger_entry (organization_id, amount, balance_after, kind, reason, request_key, created_at) VALUES (?, -30, 220, 'charge', 'race', ?, NOW())",
        [id, `${id}-c`],
      );
      const topUp = ledger.topUp(id, 1000, '2026-12');
      // The top-up's locking read waits on the charger's row: this user's own threads are in the process list.
      const waiting = async () => {
        const sql = 'SELECT COUNT(*) AS n FROM information_schema.PROCESSLIST WHERE DB = DATABASE() AND ID <> CONNECTION_ID() AND INFO = ?';
        const [found] = (await db.query(sql, [`SELECT balance FROM organization WHERE id = '${id}' FOR UPDATE`])) as Array<{ n: unknown }>;
        return Number(found.n);
      };
      for (const until = Date.now() + 10_000; (await waiting()) === 0 && Date.now() < until; ) await new Promise((resolve) => setTimeout(resolve, 20));
      expect(await waiting()).toBe(1);
      await charger.commitTransaction();
      await charger.release();
      await topUp;
      expect(await balanceOf(db, id)).toBe(1000);
      expect(await ledgerSum(db, id)).toBe(1000);
      const entry = await db.query("SELECT amount FROM ledger_entry WHERE organization_id = ? AND kind = 'topup'", [id]);
      expect(Number(entry[0].amount)).toBe(780);
    });
  });
}
