// Run from ledger.spec.ts: one file per MariaDB test database, since openDatabase empties it.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { DataSource } from 'typeorm';
import { SqlProgramRunner } from '../../src/infra/database/sql-program.js';
import { MetricsService } from '../../src/infra/metrics/metrics.service.js';
import { LedgerService } from '../../src/modules/billing/ledger.service.js';
import { fundedOrganization, openDatabase } from './database.js';

async function counters(metrics: MetricsService): Promise<{ charged: number; refunded: number }> {
  const text = await metrics.text();
  const read = (name: string) => Number(new RegExp(`^${name} (\\S+)$`, 'm').exec(text)?.[1]);
  return { charged: read('crawlgate_credits_charged_total'), refunded: read('crawlgate_credits_refunded_total') };
}

export function ledgerMetricsSuites(): void {
  describe.each(['sqlite', 'mariadb'] as const)('credits counters of the ledger on %s', (kind) => {
    let db: DataSource;
    let ledger: LedgerService;
    let metrics: MetricsService;

    beforeAll(async () => {
      db = await openDatabase(kind);
      metrics = new MetricsService();
      ledger = new LedgerService(new SqlProgramRunner(db), metrics);
    });
    afterAll(async () => db?.destroy());

    it('counts credits that moved, once: not a refused charge, a replayed refund or a grant', async () => {
      const id = await fundedOrganization(db, ledger, `orgmetrics${kind}${Date.now()}`, 12);
      const charge = (key: string, amount: number) => ledger.charge({ organizationId: id, requestKey: key, amount, reason: 'test', jobId: key, host: 'example.com' });
      const refund = (key: string) => ledger.refund({ organizationId: id, requestKey: key, jobId: key, host: 'example.com', dailyLimited: false });
      await charge(`${id}-a`, 5);
      await charge(`${id}-b`, 7);
      await expect(charge(`${id}-c`, 1)).rejects.toMatchObject({ code: 'insufficient_credits' });
      expect(await counters(metrics)).toEqual({ charged: 12, refunded: 0 });
      expect(await refund(`${id}-a`)).toMatchObject({ balanceAfter: 5, refunded: 5 });
      expect(await refund(`${id}-a`)).toMatchObject({ balanceAfter: 5, refunded: 0 });
      // The refused charge took nothing: its refund hands nothing back, whatever the caller believed it cost.
      expect(await refund(`${id}-c`)).toEqual({ entryId: null, balanceAfter: 5, refunded: 0 });
      expect(await counters(metrics)).toEqual({ charged: 12, refunded: 5 });
    });
  });
}
