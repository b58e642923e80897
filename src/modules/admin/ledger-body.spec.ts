import { describe, expect, it } from '@jest/globals';
import type { LedgerEntry } from '../../infra/database/entities/index.js';
import { ledgerBody, LedgerPage } from './ledger-body.js';

const entry = (id: number): LedgerEntry =>
  ({ id: String(id), organizationId: 'o', amount: -1, balanceAfter: id, reason: `crawl ${id}`, jobId: id % 2 ? `o_${id}` : null, createdAt: new Date(Date.UTC(2026, 0, 1, 0, 0, id)) }) as LedgerEntry;

/** A ledger of entries 1..count read as the repository reads it, its calls recorded. */
function ledgerOf(count: number): { page: LedgerPage; calls: Array<[string | null, number]> } {
  const calls: Array<[string | null, number]> = [];
  const page: LedgerPage = async (beforeId, limit) => {
    calls.push([beforeId, limit]);
    const below = beforeId === null ? count : Number(beforeId) - 1;
    return Array.from({ length: Math.max(0, Math.min(limit, below)) }, (_, index) => entry(below - index));
  };
  return { page, calls };
}

const text = async (pieces: AsyncIterable<string>) => {
  let body = '';
  for await (const piece of pieces) body += piece;
  return body;
};

describe('ledgerBody', () => {
  it('writes every entry newest first, batch after batch below the last id written, as one JSON document', async () => {
    const { page, calls } = ledgerOf(7);
    const body = JSON.parse(await text(ledgerBody(page, 3)));
    expect(body.entries.map((e: { id: string }) => e.id)).toEqual(['7', '6', '5', '4', '3', '2', '1']);
    expect(body.entries[0]).toEqual({ id: '7', amount: -1, balance_after: 7, reason: 'crawl 7', job_id: 'o_7', created_at: '2026-01-01T00:00:07.000Z' });
    expect(body.entries[1]).toEqual({ id: '6', amount: -1, balance_after: 6, reason: 'crawl 6', created_at: '2026-01-01T00:00:06.000Z' });
    expect(calls).toEqual([[null, 3], ['5', 3], ['2', 3]]);
  });

  it('asks once more after a full last batch, and writes an empty ledger as no entries', async () => {
    const full = ledgerOf(6);
    expect(JSON.parse(await text(ledgerBody(full.page, 3))).entries).toHaveLength(6);
    expect(full.calls).toEqual([[null, 3], ['4', 3], ['1', 3]]);
    expect(await text(ledgerBody(ledgerOf(0).page, 3))).toBe('{"entries":[]}');
  });
});
