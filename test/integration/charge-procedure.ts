// Run from ledger.spec.ts: one file per MariaDB test database, since openDatabase empties it.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { DataSource } from 'typeorm';
import { SqlProgramRunner } from '../../src/infra/database/sql-program.js';
import type { ChargeRequest } from '../../src/modules/billing/ledger-move.js';
import { LedgerService } from '../../src/modules/billing/ledger.service.js';
import { balanceOf, fundedOrganization, insertOrganization, LATEST_MIGRATION, lastMigration, ledgerSum, openDatabase, undoMigrationsAfter } from './database.js';

export function chargeProcedureSuites(): void {
  describe.each(['sqlite', 'mariadb'] as const)('the charge on %s', (kind) => {
    let db: DataSource;
    let ledger: LedgerService;
    let sequence = 0;
    const org = (balance: number) => fundedOrganization(db, ledger, `cp${kind}${(sequence += 1)}`, balance);
    const charge = (organizationId: string, requestKey: string, extra: Partial<ChargeRequest> = {}) =>
      ledger.charge({ organizationId, requestKey, amount: 30, reason: 'test', jobId: requestKey, host: 'cp.example', ...extra });
    /** Everything a charge writes: balance, ledger, daily quota and tally. */
    const state = async (id: string) => {
      const [quota] = await db.query('SELECT used FROM daily_quota WHERE organization_id = ?', [id]);
      const [tally] = await db.query('SELECT requests, credits FROM usage_tally WHERE organization_id = ?', [id]);
      const [entries] = await db.query('SELECT COUNT(*) AS n FROM ledger_entry WHERE organization_id = ?', [id]);
      return { balance: await balanceOf(db, id), ledger: await ledgerSum(db, id), entries: Number(entries.n), used: Number(quota?.used ?? 0), requests: Number(tally?.requests ?? 0), credits: Number(tally?.credits ?? 0) };
    };

    beforeAll(async () => {
      db = await openDatabase(kind);
      ledger = new LedgerService(new SqlProgramRunner(db));
    });
    afterAll(async () => db?.destroy());

    it('refuses past the daily limit with nothing moved: balance, ledger, quota and tally as before', async () => {
      const id = await org(100);
      expect(await charge(id, `${id}-1`, { dailyLimit: 1 })).toEqual({ entryId: expect.stringMatching(/^\d+$/), balanceAfter: 70 });
      await expect(charge(id, `${id}-2`, { dailyLimit: 1 })).rejects.toMatchObject({
        code: 'daily_limit_reached', message: 'The daily limit of 1 screenshot and chat requests is reached.',
      });
      expect(await state(id)).toEqual({ balance: 70, ledger: 70, entries: 2, used: 1, requests: 1, credits: 30 });
    });

    it('counts an unlimited daily-limited charge in the quota without refusing it', async () => {
      const id = await org(100);
      await charge(id, `${id}-1`, { dailyLimit: null });
      expect((await charge(id, `${id}-2`, { dailyLimit: null })).balanceAfter).toBe(40);
      expect(await state(id)).toEqual({ balance: 40, ledger: 40, entries: 3, used: 2, requests: 2, credits: 60 });
    });

    it('rolls back the balance and the quota of a replayed charge refused by the unique key', async () => {
      const id = await org(100);
      await charge(id, `${id}-once`, { dailyLimit: 5 });
      await expect(charge(id, `${id}-once`, { dailyLimit: 5 })).rejects.toMatchObject({ code: kind === 'mariadb' ? 'ER_DUP_ENTRY' : 'SQLITE_CONSTRAINT_UNIQUE' });
      expect(await state(id)).toEqual({ balance: 70, ledger: 70, entries: 2, used: 1, requests: 1, credits: 30 });
    });

    it('refuses an organization that does not exist as insufficient_credits', async () => {
      await expect(charge(`cp${kind}nobody`, `cp${kind}nobody-1`)).rejects.toMatchObject({
        code: 'insufficient_credits', message: 'This request costs 30 credits; the balance does not cover it.',
      });
    });

    it('accepts a charge of zero credits on an empty balance', async () => {
      const id = await org(0);
      expect((await charge(id, `${id}-free`, { amount: 0 })).balanceAfter).toBe(0);
      expect(await state(id)).toEqual({ balance: 0, ledger: 0, entries: 1, used: 0, requests: 1, credits: 0 });
    });

    it('undoes and redoes the procedure migrations (and the options column between them)', async () => {
      const routines = async () => (kind === 'mariadb' ? Number((await db.query("SELECT COUNT(*) AS n FROM information_schema.ROUTINES WHERE ROUTINE_SCHEMA = DATABASE() AND ROUTINE_NAME IN ('crawlgate_charge', 'crawlgate_charge_job', 'crawlgate_finish', 'crawlgate_start')"))[0].n) : null);
      const last = () => lastMigration(db);
      await undoMigrationsAfter(db, 'ChargeWithJob1764600000000');
      expect([await routines(), await last()]).toEqual([kind === 'mariadb' ? 4 : null, 'ChargeWithJob1764600000000']);
      await db.undoLastMigration();
      expect([await routines(), await last()]).toEqual([kind === 'mariadb' ? 3 : null, 'StartProcedure1764500000000']);
      await db.undoLastMigration();
      await db.undoLastMigration();
      expect([await routines(), await last()]).toEqual([kind === 'mariadb' ? 1 : null, 'JobOptionsMediumText1764300000000']);
      await db.undoLastMigration();
      await db.undoLastMigration();
      expect([await routines(), await last()]).toEqual([kind === 'mariadb' ? 0 : null, 'JobStatusIndex1764100000000']);
      await db.runMigrations();
      expect([await routines(), await last()]).toEqual([kind === 'mariadb' ? 4 : null, LATEST_MIGRATION]);
      const id = await org(50);
      expect((await charge(id, `${id}-after`)).balanceAfter).toBe(20);
    });
  });

  describe('the MariaDB connection', () => {
    let db: DataSource;
    beforeAll(async () => {
      db = await openDatabase('mariadb');
    });
    afterAll(async () => db?.destroy());

    it('sends one statement per query: multiple statements are off', async () => {
      await expect(db.query('SELECT 1; SELECT 2')).rejects.toMatchObject({ code: 'ER_PARSE_ERROR' });
    });

    it("keeps a job's options past TEXT's 65,535 bytes (a recipe of long evaluate scripts)", async () => {
      const [column] = await db.query("SELECT DATA_TYPE AS type FROM information_schema.COLUMNS WHERE TABLE_SCHEMA = DATABASE() AND TABLE_NAME = 'job' AND COLUMN_NAME = 'options'");
      expect(column).toEqual({ type: 'mediumtext' });
    });
  });

  describe('the SQLite connection', () => {
    it('refuses to run a program once the data source is closed', async () => {
      const db = await openDatabase('sqlite');
      const ledger = new LedgerService(new SqlProgramRunner(db));
      await insertOrganization(db, 'cpclosed', 0);
      await db.destroy();
      await expect(ledger.grant('cpclosed', 10, 'late')).rejects.toThrow(/^no open SQLite connection on .*crawlgate\.sqlite$/);
    });
  });
}
