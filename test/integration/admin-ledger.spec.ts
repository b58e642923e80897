import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { DataSource } from 'typeorm';
import { LedgerEntry } from '../../src/infra/database/entities/index.js';
import { SqlProgramRunner } from '../../src/infra/database/sql-program.js';
import { ledgerBody } from '../../src/modules/admin/ledger-body.js';
import { LedgerEntryRepository } from '../../src/modules/admin/ledger-entry.repository.js';
import { LedgerService } from '../../src/modules/billing/ledger.service.js';
import { fundedOrganization, openDatabase } from './database.js';

/** GET /admin/organizations/:id/ledger's body read batch after batch from the real database (ledger-body.ts). */
describe.each(['sqlite', 'mariadb'] as const)('the admin ledger on %s', (kind) => {
  let db: DataSource;
  let ledger: LedgerService;
  let entries: LedgerEntryRepository;
  const tag = `${kind}${Date.now()}`;

  beforeAll(async () => {
    db = await openDatabase(kind, '_admin_ledger');
    ledger = new LedgerService(new SqlProgramRunner(db));
    entries = new LedgerEntryRepository(db.getRepository(LedgerEntry));
  });
  afterAll(async () => db?.destroy());

  it("writes every entry of the organization once, newest first, in batches below the last id written, and no other organization's", async () => {
    const mine = await fundedOrganization(db, ledger, `led-a-${tag}`, 1);
    const theirs = await fundedOrganization(db, ledger, `led-b-${tag}`, 1);
    // Interleaved with another organization's entries, more than two batches of 5.
    for (let i = 1; i <= 11; i++) {
      await ledger.grant(mine, i, `grant ${i}`);
      await ledger.grant(theirs, 100 + i, `their grant ${i}`);
    }
    let text = '';
    for await (const piece of ledgerBody((beforeId, limit) => entries.page(mine, beforeId, limit), 5)) text += piece;
    const written = (JSON.parse(text) as { entries: Array<{ id: string; amount: number; balance_after: number }> }).entries;
    expect(written.map((entry) => entry.amount)).toEqual([11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1, 1]);
    expect(written.map((entry) => entry.balance_after)).toEqual([67, 56, 46, 37, 29, 22, 16, 11, 7, 4, 2, 1]);
    const ids = written.map((entry) => Number(entry.id));
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
  });
});
