import { Injectable } from '@nestjs/common';
import { rowBoolean, rowBuffer, rowDate, rowInt } from '../../infra/database/row-values.js';
import { exec, query, SqlProgram, SqlProgramRunner, upsertAdd } from '../../infra/database/sql-program.js';
import type { CopyAddress } from './page-copy.js';

/** A copy's row as written: its body already packed (page-copy-codec). */
export interface CopyRow {
  readonly mediaType: string;
  readonly rendered: boolean;
  readonly packed: Buffer;
  readonly finalUrl: string;
  readonly targetStatus: number;
  readonly fetchedAt: Date;
}

/** Rows read and deleted in one step of an eviction: each step is one short transaction. */
const EVICT_BATCH = 200;

const FIND = 'SELECT id, fetched_at FROM page_copy WHERE organization_id = ? AND lookup_hash = ? AND fetched_at >= ? ORDER BY fetched_at DESC LIMIT 1';
const READ = 'SELECT media_type, rendered, body, final_url, target_status, fetched_at FROM page_copy WHERE organization_id = ? AND id = ?';
const INSERT = 'INSERT INTO page_copy (organization_id, lookup_hash, page_key, media_type, rendered, body, final_url, target_status, fetched_at, byte_size) '
  + 'VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)';
const DELETE_ONE = 'DELETE FROM page_copy WHERE organization_id = ? AND id = ?';

/**
 * decisions.md 9.6's stored copies, per organization: every query takes the organization first. Each organization's
 * byte total is kept beside its rows (page_copy_total), so finding who is over CACHE_MAX_BYTES reads no copy, and
 * trimming one reads only its oldest rows through (organization_id, fetched_at, byte_size).
 */
@Injectable()
export class PageCopyRepository {
  constructor(private readonly sql: SqlProgramRunner) {}

  /** The newest copy fetched at or after `notBefore` (its id and age, not its body), or null. */
  async find(organizationId: string, address: CopyAddress, notBefore: Date): Promise<{ id: string; fetchedAt: Date } | null> {
    const [row] = await this.sql.rows(query(FIND, organizationId, address.lookupHash, notBefore));
    return row ? { id: String(row.id), fetchedAt: rowDate(row.fetched_at)! } : null;
  }

  /** A copy whole, by the id `find` answered; null once it was evicted. */
  async read(organizationId: string, id: string): Promise<CopyRow | null> {
    const [row] = await this.sql.rows(query(READ, organizationId, id));
    if (!row) return null;
    return {
      mediaType: String(row.media_type), rendered: rowBoolean(row.rendered), packed: rowBuffer(row.body),
      finalUrl: String(row.final_url), targetStatus: rowInt(row.target_status), fetchedAt: rowDate(row.fetched_at)!,
    };
  }

  /**
   * Stores a copy in place of the address's older ones, then drops the organization's oldest past `maxBytes`: one
   * round trip on MySQL (crawlgate_keep_copy, migration 1765000000006), its twin program on SQLite.
   */
  async store(organizationId: string, address: CopyAddress, copy: CopyRow, maxBytes: number): Promise<void> {
    if (this.sql.dialect === 'sqlite') return this.sql.run(() => this.storeProgram(organizationId, address, copy, maxBytes));
    await this.sql.call('crawlgate_keep_copy', organizationId, address.lookupHash, address.pageKey, copy.mediaType, copy.rendered, copy.packed,
      copy.finalUrl, copy.targetStatus, copy.fetchedAt, maxBytes);
  }

  /** Copies fetched before `before`, oldest first, at most `EVICT_BATCH`; answers how many were deleted. */
  deleteFetchedBefore(before: Date): Promise<number> {
    return this.sql.run(() => this.expireProgram(before));
  }

  /** Organizations whose copies pass `maxBytes` (the totals' index, not the copies). */
  async organizationsOver(maxBytes: number, limit = 100): Promise<string[]> {
    const rows = await this.sql.rows(query(`SELECT organization_id FROM page_copy_total WHERE bytes > ? LIMIT ${limit}`, maxBytes));
    return rows.map((row) => String(row.organization_id));
  }

  /** Deletes an organization's oldest copies until its total is within `maxBytes`; answers how many. */
  trim(organizationId: string, maxBytes: number): Promise<number> {
    const lockTotals = this.lockTotals.bind(this);
    const trimProgram = this.trimProgram.bind(this);
    return this.sql.run(function* () {
      yield* lockTotals([organizationId]);
      return yield* trimProgram(organizationId, maxBytes);
    });
  }

  /** The organization's bytes stored, as its running total says. */
  async totalBytes(organizationId: string): Promise<number> {
    const [row] = await this.sql.rows(query('SELECT bytes FROM page_copy_total WHERE organization_id = ?', organizationId));
    return row ? rowInt(row.bytes) : 0;
  }

  /** SQLite's twin of crawlgate_keep_copy: the same steps in the same order. */
  private *storeProgram(organizationId: string, address: CopyAddress, copy: CopyRow, maxBytes: number): SqlProgram<void> {
    const size = copy.packed.length;
    // The total first: on MySQL its row lock orders one organization's stores; SQLite's program runs whole anyway.
    yield upsertAdd(this.sql.dialect, 'page_copy_total', { organization_id: organizationId }, { bytes: size });
    const older = yield query('SELECT id, byte_size FROM page_copy WHERE organization_id = ? AND lookup_hash = ?', organizationId, address.lookupHash);
    yield* this.deleteRows(organizationId, older);
    yield exec(INSERT, organizationId, address.lookupHash, address.pageKey, copy.mediaType, copy.rendered, copy.packed,
      copy.finalUrl, copy.targetStatus, copy.fetchedAt, size);
    yield* this.trimProgram(organizationId, maxBytes);
  }

  private *trimProgram(organizationId: string, maxBytes: number): SqlProgram<number> {
    let deleted = 0;
    for (;;) {
      const [total] = yield query('SELECT bytes FROM page_copy_total WHERE organization_id = ?', organizationId);
      let excess = total ? rowInt(total.bytes) - maxBytes : 0;
      if (excess <= 0) return deleted;
      const oldest: Array<Record<string, unknown>> = yield query(
        `SELECT id, byte_size FROM page_copy WHERE organization_id = ? ORDER BY fetched_at, id LIMIT ${EVICT_BATCH}`, organizationId,
      );
      if (oldest.length === 0) return deleted;
      const cut = [];
      for (const row of oldest) {
        if (excess <= 0) break;
        cut.push(row);
        excess -= rowInt(row.byte_size);
      }
      yield* this.deleteRows(organizationId, cut);
      deleted += cut.length;
    }
  }

  private *expireProgram(before: Date): SqlProgram<number> {
    const rows: Array<Record<string, unknown>> = yield query(
      `SELECT id, organization_id, byte_size FROM page_copy WHERE fetched_at < ? ORDER BY fetched_at LIMIT ${EVICT_BATCH}`, before,
    );
    const byOrganization = new Map<string, Array<Record<string, unknown>>>();
    for (const row of rows) byOrganization.set(String(row.organization_id), [...(byOrganization.get(String(row.organization_id)) ?? []), row]);
    yield* this.lockTotals([...byOrganization.keys()]);
    for (const [organizationId, owned] of byOrganization) yield* this.deleteRows(organizationId, owned);
    return rows.length;
  }

  /**
   * MySQL: the organizations' totals locked first, in their ids' order, as crawlgate_keep_copy takes its total before
   * the copies it deletes. Copies first and the total last made a store and the janitor each wait for the other's row
   * (InnoDB then kills one). SQLite runs a program whole: nothing to order.
   */
  private *lockTotals(organizationIds: string[]): SqlProgram<void> {
    if (this.sql.dialect !== 'mysql' || organizationIds.length === 0) return;
    const marks = organizationIds.map(() => '?').join(', ');
    yield query(`SELECT organization_id FROM page_copy_total WHERE organization_id IN (${marks}) ORDER BY organization_id FOR UPDATE`, ...organizationIds);
  }

  /** Deletes the organization's rows and takes their sizes off its total. */
  private *deleteRows(organizationId: string, rows: Array<Record<string, unknown>>): SqlProgram<void> {
    if (rows.length === 0) return;
    let freed = 0;
    for (const row of rows) {
      const gone = yield exec(DELETE_ONE, organizationId, row.id);
      if (gone.affected === 1) freed += rowInt(row.byte_size);
    }
    yield exec('UPDATE page_copy_total SET bytes = bytes - ? WHERE organization_id = ?', freed, organizationId);
  }
}
