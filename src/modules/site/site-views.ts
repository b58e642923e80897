import { Injectable } from '@nestjs/common';
import { AppError } from '../../common/errors/app-error.js';
import { MeteredAnswer } from '../../common/http/metered-answer.js';
import { isEndedStatus, type Job } from '../../infra/database/entities/index.js';
import { query, SqlProgramRunner } from '../../infra/database/sql-program.js';
import type { Row } from '../../infra/database/sql-program.js';
import { rowInt } from '../../infra/database/row-values.js';
import { JobLine } from '../jobs/job-line.service.js';
import type { SiteRequest } from './site-request.js';

/** decisions.md 9.3: at most 50 pages and 10 MiB an answer. */
export const PAGES_PER_ANSWER = 50;
export const BYTES_PER_ANSWER = 10 * 1024 * 1024;

export interface SiteCounts {
  readonly discovered: number;
  readonly done: number;
  readonly failed: number;
  readonly skipped: { robots: number; scope: number; excluded: number; depth: number; duplicate: number; limit: number };
}

/** The site envelope: the crawl's state and counts, and its stored pages in finish order, a cursor at a time. */
@Injectable()
export class SiteViews {
  constructor(
    private readonly sql: SqlProgramRunner,
    private readonly line: JobLine,
  ) {}

  async collect(job: Job, cursor: string | undefined): Promise<MeteredAnswer> {
    const after = cursor === undefined ? 0 : parseCursor(cursor);
    const [summary, rows] = await Promise.all([this.summary(job), this.pagesAfter(job, after)]);
    const pages: object[] = [];
    let bytes = 0;
    let last = after;
    for (const row of rows) {
      const page = pageView(row);
      const size = Buffer.byteLength(JSON.stringify(page));
      if (pages.length > 0 && bytes + size > BYTES_PER_ANSWER) break;
      pages.push(page);
      bytes += size;
      last = rowInt(row.seq);
    }
    const ended = isEndedStatus(job.status);
    const next = ended && last >= summary.finished ? null : `/crawl/${job.id}?cursor=${last}`;
    const body = { ...summary.envelope, pages, next };
    return new MeteredAnswer(ended ? 200 : 202, { json: body }, { jobId: job.id, billing: null, ...(job.errorCode ? { errorCode: job.errorCode } : {}) });
  }

  /**
   * The stored pages after `after` that one answer can hold: only as many as their stored sizes allow are read (a
   * page may hold MAX_PAGE_BYTES), never 50 large pages for an answer of one. A stored size (characters or bytes) is
   * at most its JSON's bytes, so a page left out by it would not fit either; collect() cuts by the JSON itself.
   */
  private async pagesAfter(job: Job, after: number): Promise<Row[]> {
    const sizes = await this.sql.rows(query(
      'SELECT seq, COALESCE(LENGTH(content), 0) + COALESCE(LENGTH(metadata), 0) + COALESCE(LENGTH(links), 0) + COALESCE(LENGTH(data), 0) AS size FROM site_page '
      + 'WHERE organization_id = ? AND crawl_id = ? AND seq > ? ORDER BY seq LIMIT ?', job.organizationId, job.id, after, PAGES_PER_ANSWER,
    ));
    let through = after;
    let bytes = 0;
    for (const row of sizes) {
      // Past the bound by its stored size, so by its JSON too: not read (unless it is the first, which comes alone).
      if (through > after && bytes + rowInt(row.size) > BYTES_PER_ANSWER) break;
      through = rowInt(row.seq);
      bytes += rowInt(row.size);
    }
    if (through === after) return [];
    return this.sql.rows(query(
      'SELECT seq, url, final_url, depth, parent, target_status, credits, content, metadata, links, data, error, duplicate_of FROM site_page '
      + 'WHERE organization_id = ? AND crawl_id = ? AND seq > ? AND seq <= ? ORDER BY seq', job.organizationId, job.id, after, through,
    ));
  }

  /** The envelope without its pages (webhooks), and how many pages are stored. */
  async summary(job: Job): Promise<{ envelope: Record<string, unknown>; finished: number; counts: SiteCounts }> {
    const [states, [crawl], position] = await Promise.all([
      this.sql.rows(query('SELECT state, COUNT(*) AS n, COALESCE(SUM(credits), 0) AS credits FROM site_page WHERE organization_id = ? AND crawl_id = ? GROUP BY state', job.organizationId, job.id)),
      // Not robots.txt's body (up to 500 KiB), which no envelope shows.
      this.sql.rows(query('SELECT finished, stop_reason, skipped_robots, skipped_scope, skipped_excluded, skipped_depth, skipped_duplicate, skipped_limit '
        + 'FROM site_crawl WHERE organization_id = ? AND job_id = ?', job.organizationId, job.id)),
      // Its place in line while queued, as GET /crawl's jobs (SiteQueue.addStart put it there); null otherwise.
      job.status === 'queued' ? this.line.position(job.id) : null,
    ]);
    const by = new Map(states.map((row) => [row.state as string, { n: rowInt(row.n), credits: rowInt(row.credits) }]));
    const n = (state: string) => by.get(state)?.n ?? 0;
    const counts: SiteCounts = {
      discovered: [...by.entries()].filter(([state]) => state !== 'alias').reduce((sum, [, v]) => sum + v.n, 0),
      done: n('done'),
      failed: n('failed'),
      skipped: {
        robots: rowInt(crawl?.skipped_robots), scope: rowInt(crawl?.skipped_scope), excluded: rowInt(crawl?.skipped_excluded),
        depth: rowInt(crawl?.skipped_depth), duplicate: rowInt(crawl?.skipped_duplicate) + n('duplicate'), limit: rowInt(crawl?.skipped_limit),
      },
    };
    const options = JSON.parse(job.options) as SiteRequest;
    const envelope = {
      job_id: job.id, kind: 'site', url: options.page.url, domain: new URL(options.page.url).hostname.toLowerCase(), status: job.status, position,
      stop_reason: (crawl?.stop_reason as string | null) ?? null, error: job.status === 'failed' ? (job.errorMessage ?? 'The crawl failed.') : null,
      created_at: job.createdAt.toISOString(), finished_at: job.finishedAt?.toISOString() ?? null,
      credits_used: [...by.values()].reduce((sum, v) => sum + v.credits, 0), counts,
    };
    return { envelope, finished: rowInt(crawl?.finished), counts };
  }
}

function parseCursor(cursor: string): number {
  if (!/^\d{1,9}$/.test(cursor)) throw AppError.field('cursor', 'cursor must be the value of a previous answer\'s next');
  return Number(cursor);
}

const json = (text: unknown): unknown => (typeof text === 'string' ? JSON.parse(text) : null);

function pageView(row: Row): object {
  return {
    url: row.url, final_url: row.final_url ?? null, depth: rowInt(row.depth), parent: row.parent ?? null,
    target_status: row.target_status === null || row.target_status === undefined ? null : rowInt(row.target_status), credits: rowInt(row.credits),
    content: row.content ?? null, metadata: json(row.metadata), links: json(row.links), data: json(row.data), error: row.error ?? null, duplicate_of: row.duplicate_of ?? null,
  };
}
