import type { LedgerEntry } from '../../infra/database/entities/index.js';
import { ledgerEntryView } from './organization.view.js';

/** Entries read and written per round trip: the memory an answer holds, whatever the ledger's length. */
export const LEDGER_BATCH = 1000;

/** One batch of entries older than `beforeId` (null: the newest), newest first. */
export type LedgerPage = (beforeId: string | null, limit: number) => Promise<LedgerEntry[]>;

/**
 * GET /admin/organizations/:id/ledger's body, `{"entries":[...]}` (decisions.md 4), as JSON text in batches: every
 * entry, newest first, yet never the whole ledger in memory (an organization of a million crawls has two million
 * entries). Each batch continues below the last id written, so entries written meanwhile (newer ids) are left out and
 * none is written twice.
 */
export async function* ledgerBody(page: LedgerPage, batch = LEDGER_BATCH): AsyncGenerator<string> {
  yield '{"entries":[';
  let beforeId: string | null = null;
  let first = true;
  for (;;) {
    const entries = await page(beforeId, batch);
    if (entries.length > 0) {
      yield (first ? '' : ',') + entries.map((entry) => JSON.stringify(ledgerEntryView(entry))).join(',');
      first = false;
      beforeId = entries[entries.length - 1].id;
    }
    if (entries.length < batch) break;
  }
  yield ']}';
}
