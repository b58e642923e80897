import { Injectable } from '@nestjs/common';
import type { Job } from '../../../infra/database/entities/index.js';
import { exec, query, SqlProgramRunner } from '../../../infra/database/sql-program.js';
import type { Row, SqlProgram } from '../../../infra/database/sql-program.js';
import { LedgerService } from '../../billing/ledger.service.js';
import type { RefundRequest } from '../../billing/ledger.service.js';
import { keyTakenOr } from '../../billing/idempotency-record.js';
import type { IdempotencyRecord } from '../../billing/idempotency-record.js';
import { rowInt } from '../../../infra/database/row-values.js';
import { createCrawlProgram } from './crawl-create.js';
import { claimProgram, crawlStopping, failProgram, finishProgram, releaseProgram, skipProgram, stopProgram } from './frontier-programs.js';
import type { CrawlFailure, FailOutcome, FinishRequest, ReleaseOutcome, SkipRequest } from './frontier-programs.js';
import type { ClaimOutcome, CrawlEnd, FinishOutcome, FrontierPage, NewPage, PageState, SkipOutcome, StopOutcome, StopReason, StoredEvent } from './frontier-types.js';

const PAGE_COLUMNS = 'id, crawl_id, organization_id, url, depth, parent, state, attempts, retries';

/** Credits a page's outcome handed back with it (its charge's amount, or 0). */
export interface Refunded {
  readonly refunded: number;
}

/** A site crawl's frontier rows. Every read and write for a crawl takes its organization first. */
@Injectable()
export class FrontierRepository {
  constructor(
    private readonly sql: SqlProgramRunner,
    private readonly ledger: LedgerService,
  ) {}

  /**
   * The crawl's job, crawl and start page rows, and the request's Idempotency-Key's (IdempotencyKeyTaken when another job
   * holds it); null when the organization has `active` crawls already. Answers the start page's id.
   */
  create(job: Job, start: NewPage, active: number, key?: IdempotencyRecord): Promise<string | null> {
    return this.sql.run(() => createCrawlProgram(this.sql.dialect, job, start, active, key))
      .catch((error: unknown) => keyTakenOr(this.sql, error, job.organizationId, job.id, key));
  }

  async page(organizationId: string, crawlId: string, pageId: string): Promise<FrontierPage | null> {
    const [row] = await this.sql.rows(query(`SELECT ${PAGE_COLUMNS} FROM site_page WHERE organization_id = ? AND crawl_id = ? AND id = ?`, organizationId, crawlId, pageId));
    return row ? pageFromRow(row) : null;
  }

  /** A stored page's `site.page` fields (its finish number included); null while it is not stored. */
  async storedEvent(organizationId: string, crawlId: string, pageId: string): Promise<StoredEvent | null> {
    const [row] = await this.sql.rows(query('SELECT url, target_status, error, seq FROM site_page WHERE organization_id = ? AND crawl_id = ? AND id = ? AND seq IS NOT NULL',
      organizationId, crawlId, pageId));
    if (!row) return null;
    return { url: String(row.url), targetStatus: row.target_status === null ? null : rowInt(row.target_status), error: (row.error as string | null) ?? null, seq: rowInt(row.seq) };
  }

  claim(organizationId: string, crawlId: string, pageId: string, leaseUntil: Date, expiresAt: Date): Promise<ClaimOutcome> {
    return this.withRefunds(organizationId, crawlId, () => claimProgram(this.sql.dialect, organizationId, crawlId, pageId, leaseUntil, new Date(), expiresAt));
  }

  /** Stores a running page's outcome; `refund`: its charge handed back with it (nothing delivered), only if it is stored. */
  finish(request: FinishRequest, refund: RefundRequest | null = null): Promise<FinishOutcome & Refunded> {
    return this.refundingIf(() => finishProgram(this.sql.dialect, request), (outcome) => outcome.kept, refund);
  }

  /** A running page whose navigation left the crawl; `refund`: its charge handed back with the skip. */
  skip(request: SkipRequest, refund: RefundRequest | null = null): Promise<SkipOutcome & Refunded> {
    return this.refundingIf(() => skipProgram(this.sql.dialect, request), (outcome) => outcome.kept, refund);
  }

  async stop(organizationId: string, crawlId: string, reason: StopReason, pageId: string | null, expiresAt: Date): Promise<CrawlEnd | null> {
    return (await this.withRefunds(organizationId, crawlId, () => stopProgram(this.sql.dialect, organizationId, crawlId, reason, pageId, new Date(), expiresAt))).ended;
  }

  /** The crawl fails (its start page did); `refund`: the start page's charge handed back in the same transaction. */
  fail(organizationId: string, crawlId: string, failure: CrawlFailure, expiresAt: Date, refund: RefundRequest | null = null): Promise<FailOutcome & Refunded> {
    return this.refundingIf(() => failProgram(this.sql.dialect, organizationId, crawlId, failure, new Date(), expiresAt), (outcome) => outcome.ended, refund);
  }

  /** Whether the crawl stops (cancelled, out of credits, its time passed): no page of it starts any more. */
  stopping(organizationId: string, crawlId: string): Promise<boolean> {
    return this.sql.run(() => crawlStopping(organizationId, crawlId));
  }

  /**
   * A running page handed back uncharged (a target's Retry-After), its charge refunded with it: waiting again, one retry
   * more, or dropped when its crawl stops meanwhile (then refunded too, and the crawl may end).
   */
  release(organizationId: string, crawlId: string, pageId: string, expiresAt: Date, refund: RefundRequest): Promise<ReleaseOutcome & Refunded> {
    return this.refundingIf(() => releaseProgram(this.sql.dialect, organizationId, crawlId, pageId, new Date(), expiresAt), (outcome) => outcome.moved || outcome.dropped, refund);
  }

  /** A running page's lease, renewed while its worker lives: a dead worker's page is taken again soon after. */
  async renew(organizationId: string, crawlId: string, pageId: string, leaseUntil: Date): Promise<void> {
    await this.sql.execute(exec("UPDATE site_page SET lease_until = ? WHERE organization_id = ? AND crawl_id = ? AND id = ? AND state = 'running'", leaseUntil, organizationId, crawlId, pageId));
  }

  /**
   * A waiting page's Bull job was (re)added, due at `dueAt`: the re-queue sweep leaves it alone until a while after
   * (a page delayed by a floor, a pause or a park is not stale while it waits its turn).
   */
  async touch(organizationId: string, crawlId: string, pageId: string, dueAt: Date): Promise<void> {
    await this.sql.execute(exec("UPDATE site_page SET queued_at = ? WHERE organization_id = ? AND crawl_id = ? AND id = ? AND state = 'waiting'", dueAt, organizationId, crawlId, pageId));
  }

  /** Takes `amount` of the crawl's max_credits; false when it would pass them. */
  async reserve(organizationId: string, crawlId: string, amount: number, maxCredits: number): Promise<boolean> {
    const moved = await this.sql.execute(exec('UPDATE site_crawl SET reserved = reserved + ? WHERE organization_id = ? AND job_id = ? AND reserved + ? <= ?',
      amount, organizationId, crawlId, amount, maxCredits));
    return moved.affected === 1;
  }

  async unreserve(organizationId: string, crawlId: string, amount: number): Promise<void> {
    await this.sql.execute(exec('UPDATE site_crawl SET reserved = reserved - ? WHERE organization_id = ? AND job_id = ?', amount, organizationId, crawlId));
  }

  /** Whether the page's charge was taken already (a retaken page is never charged twice). */
  async charged(organizationId: string, requestKey: string): Promise<boolean> {
    const rows = await this.sql.rows(query("SELECT id FROM ledger_entry WHERE organization_id = ? AND request_key = ? AND kind = 'charge'", organizationId, requestKey));
    return rows.length > 0;
  }

  /** The robots.txt answer kept for every worker of the crawl (null body: unreachable). */
  async keepRobots(organizationId: string, crawlId: string, status: number, body: string | null): Promise<void> {
    await this.sql.execute(exec('UPDATE site_crawl SET robots_status = ?, robots_body = ? WHERE organization_id = ? AND job_id = ?', status, body, organizationId, crawlId));
  }

  async robots(organizationId: string, crawlId: string): Promise<{ status: number; body: string | null } | null> {
    const [row] = await this.sql.rows(query('SELECT robots_status, robots_body FROM site_crawl WHERE organization_id = ? AND job_id = ?', organizationId, crawlId));
    if (!row || row.robots_status === null || row.robots_status === undefined) return null;
    return { status: rowInt(row.robots_status), body: (row.robots_body as string | null) ?? null };
  }

  /** Maintenance across organizations: waiting pages of live crawls whose Bull job was last added before `before` (lost with Redis); held pages have none yet. */
  async staleWaiting(before: Date, take = 500): Promise<FrontierPage[]> {
    const rows = await this.sql.rows(query(`SELECT ${PAGE_COLUMNS.split(', ').map((c) => `p.${c}`).join(', ')} FROM site_page p INNER JOIN job j ON j.id = p.crawl_id `
      + "WHERE p.state = 'waiting' AND p.held = 0 AND p.queued_at < ? AND j.status IN ('queued', 'running') ORDER BY p.id LIMIT ?", before, take));
    return rows.map(pageFromRow);
  }

  /** Maintenance: running pages whose lease ran out (their worker died): waiting again, answered for re-queueing. */
  async recoverLost(now: Date, take = 500): Promise<FrontierPage[]> {
    const rows = await this.sql.rows(query(`SELECT ${PAGE_COLUMNS} FROM site_page WHERE state = 'running' AND lease_until < ? ORDER BY id LIMIT ?`, now, take));
    const back: FrontierPage[] = [];
    for (const row of rows) {
      const moved = await this.sql.execute(exec("UPDATE site_page SET state = 'waiting', lease_until = NULL, queued_at = ? WHERE id = ? AND state = 'running' AND lease_until < ?",
        now, row.id, now));
      if (moved.affected === 1) back.push({ ...pageFromRow(row), state: 'waiting' });
    }
    return back;
  }

  /** Maintenance: of these pages (by id), those running now. */
  async running(pageIds: readonly string[]): Promise<Set<string>> {
    const found = new Set<string>();
    for (let at = 0; at < pageIds.length; at += 500) {
      const part = pageIds.slice(at, at + 500);
      const rows = await this.sql.rows(query(`SELECT id FROM site_page WHERE state = 'running' AND id IN (${part.map(() => '?').join(', ')})`, ...part));
      for (const row of rows) found.add(String(row.id));
    }
    return found;
  }

  /** Maintenance: live crawls created before `before` (past SITE_MAX_HOURS). */
  async overdue(before: Date): Promise<Array<{ organizationId: string; crawlId: string }>> {
    const rows = await this.sql.rows(query("SELECT id, organization_id FROM job WHERE kind = 'site' AND status IN ('queued', 'running') AND created_at < ? LIMIT 100", before));
    return rows.map((row) => ({ organizationId: row.organization_id as string, crawlId: row.id as string }));
  }

  /** Runs a program that drops pages, and refunds the charges they still held, in one transaction. */
  private async withRefunds<T extends StopOutcome>(organizationId: string, crawlId: string, program: () => SqlProgram<T>): Promise<T> {
    const { value } = await this.ledger.refundAfter(function* () {
      const outcome = yield* program();
      const refunds = outcome.refunds.map((charge) => ({ organizationId, jobId: crawlId, requestKey: charge.requestKey, host: charge.host, dailyLimited: false }));
      return { value: outcome, refunds };
    });
    return value;
  }

  /**
   * Runs a running page's outcome, and with `refund` hands the page's charge back in the same transaction when the
   * outcome took effect (`tookEffect`): a worker killed between the two cannot leave a page refunded and still running
   * (its retake would find its charge and deliver it free), and a page the sweep gave back meanwhile is not refunded.
   * Not told apart: a page given back and taken again by another worker (its writes are not fenced by attempt).
   */
  private async refundingIf<T>(program: () => SqlProgram<T>, tookEffect: (outcome: T) => boolean, refund: RefundRequest | null): Promise<T & Refunded> {
    if (!refund) return { ...(await this.sql.run(program)), refunded: 0 };
    const { value, refunded } = await this.ledger.refundAfter(function* () {
      const outcome = yield* program();
      return { value: outcome, refunds: tookEffect(outcome) ? [refund] : [] };
    });
    return { ...value, refunded };
  }
}

export function pageFromRow(row: Row): FrontierPage {
  return {
    id: String(row.id), crawlId: row.crawl_id as string, organizationId: row.organization_id as string, url: row.url as string,
    depth: rowInt(row.depth), parent: (row.parent as string | null) ?? null, state: row.state as PageState, attempts: rowInt(row.attempts), retries: rowInt(row.retries),
  };
}
