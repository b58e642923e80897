import { query, SqlProgram } from '../../../infra/database/sql-program.js';
import type { Row } from '../../../infra/database/sql-program.js';

/** One charge per page and attempt after a target's pause: a worker's retake of the same attempt is never charged twice. */
export const pageRequestKey = (page: { crawlId: string; id: string; retries: number }): string =>
  `site:${page.crawlId}:${page.id}${page.retries > 0 ? `:r${page.retries}` : ''}`;

/** A page's charge that stands without a refund, as the ledger's refund asks for it (the ledger reads its amount). */
export interface PageCharge {
  readonly requestKey: string;
  /** The page's host, where its charge was tallied. */
  readonly host: string;
}

/** A frontier row as far as its charge goes. */
export interface ChargedPage {
  readonly id: string;
  readonly crawlId: string;
  readonly url: string;
  readonly retries: number;
}

/**
 * The charges these pages hold with no refund: a page whose worker died after its charge is waiting with it, for its
 * retake (decisions 9.3: never charged twice); dropped instead, it hands the charge back (nothing was delivered).
 */
export function* standingCharges(organizationId: string, pages: readonly ChargedPage[]): SqlProgram<PageCharge[]> {
  const charges: PageCharge[] = [];
  for (let start = 0; start < pages.length; start += 200) {
    const part = pages.slice(start, start + 200).map((page) => ({ key: pageRequestKey(page), url: page.url }));
    const rows: Row[] = yield query(`SELECT request_key, kind FROM ledger_entry WHERE organization_id = ? AND request_key IN (${part.map(() => '?').join(', ')})`,
      organizationId, ...part.map((page) => page.key));
    const refunded = new Set(rows.filter((row) => row.kind === 'refund').map((row) => row.request_key as string));
    for (const row of rows) {
      const page = part.find((one) => one.key === row.request_key)!;
      if (row.kind === 'charge' && !refunded.has(page.key)) charges.push({ requestKey: page.key, host: new URL(page.url).hostname.toLowerCase() });
    }
  }
  return charges;
}
