import { Injectable } from '@nestjs/common';
import type { Dialect, SqlStatement } from '../../infra/database/sql-program.js';
import { exec, query, SqlProgramRunner } from '../../infra/database/sql-program.js';
import { rowDate } from '../../infra/database/row-values.js';
import { ENDED_STATUSES } from '../../infra/database/entities/index.js';

/** What a job or a site page owes its caller: a delivery, named by its Bull job id. */
export interface OwedDelivery {
  readonly organizationId: string;
  readonly jobId: string;
  /** A site page's `site.page` event; none for a job's (or a crawl's) `job.finished`. */
  readonly pageId?: string;
}

const PAGE_EVENT = ':page:';
/** What every delivery's Bull job id starts with; a job.finished's is this and its job's id. */
export const DELIVERY_PREFIX = 'webhook:';

/** The Bull job id of the delivery (the same id again adds nothing to the queue). */
export function deliveryId(owed: Pick<OwedDelivery, 'jobId' | 'pageId'>): string {
  return owed.pageId === undefined ? `${DELIVERY_PREFIX}${owed.jobId}` : `${DELIVERY_PREFIX}${owed.jobId}${PAGE_EVENT}${owed.pageId}`;
}

/** Whether the delivery of this Bull job id is a `site.page` event (else a `job.finished`). */
export const isPageEvent = (id: string): boolean => id.includes(PAGE_EVENT);

/** A row of the outbox, as the sweep reads it. */
export interface OutboxRow extends OwedDelivery {
  readonly delivery: string;
  readonly createdAt: Date;
}

/**
 * Webhooks owed (the `webhook_outbox` table): written with what they announce, or before it, deleted once their
 * delivery ended (sent or given up). The sweep (owed-webhooks.sweeper.ts) queues again what Bull no longer holds.
 */
@Injectable()
export class WebhookOutbox {
  constructor(private readonly sql: SqlProgramRunner) {}

  /** The statement that owes a delivery, for a program that writes it with its state (a second one is a no-op). */
  static oweStatement(dialect: Dialect, owed: OwedDelivery, now: Date): SqlStatement {
    const insert = dialect === 'mysql' ? 'INSERT IGNORE INTO' : 'INSERT OR IGNORE INTO';
    return exec(`${insert} webhook_outbox (delivery, organization_id, job_id, page_id, created_at) VALUES (?, ?, ?, ?, ?)`,
      deliveryId(owed), owed.organizationId, owed.jobId, owed.pageId ?? null, now);
  }

  async owe(owed: OwedDelivery): Promise<void> {
    await this.sql.execute(WebhookOutbox.oweStatement(this.sql.dialect, owed, new Date()));
  }

  /** The delivery ended: nothing is owed any more. */
  async settle(delivery: string): Promise<void> {
    await this.sql.execute(exec('DELETE FROM webhook_outbox WHERE delivery = ?', delivery));
  }

  /**
   * Maintenance across organizations: rows owed since before `before`, oldest first, after `after` (the last row of
   * the previous page). A job's own `job.finished` whose job has not ended (a site crawl's, owed from its creation for
   * up to a day) is not due yet: it is left out here, or such rows would fill every page.
   */
  async due(before: Date, take: number, after?: OutboxRow): Promise<OutboxRow[]> {
    const ended = `o.page_id IS NOT NULL OR j.id IS NULL OR j.status IN (${ENDED_STATUSES.map(() => '?').join(', ')})`;
    const page = after ? 'AND (o.created_at > ? OR (o.created_at = ? AND o.delivery > ?))' : '';
    const rows = await this.sql.rows(query(
      `SELECT o.delivery, o.organization_id, o.job_id, o.page_id, o.created_at FROM webhook_outbox o LEFT JOIN job j ON j.id = o.job_id
        WHERE o.created_at < ? AND (${ended}) ${page} ORDER BY o.created_at, o.delivery LIMIT ?`,
      before, ...ENDED_STATUSES, ...(after ? [after.createdAt, after.createdAt, after.delivery] : []), take,
    ));
    return rows.map((row) => ({
      delivery: String(row.delivery),
      organizationId: String(row.organization_id),
      jobId: String(row.job_id),
      createdAt: rowDate(row.created_at)!,
      ...(row.page_id === null || row.page_id === undefined ? {} : { pageId: String(row.page_id) }),
    }));
  }
}
