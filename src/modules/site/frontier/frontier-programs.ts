import { Dialect, exec, query, SqlProgram, SqlStatement } from '../../../infra/database/sql-program.js';
import type { Row } from '../../../infra/database/sql-program.js';
import { rowInt } from '../../../infra/database/row-values.js';
import type { ClaimOutcome, CrawlEnd, FinishOutcome, HopSkip, NewPage, PageRecord, SkipCounts, SkipOutcome, StopOutcome, StopReason } from './frontier-types.js';
import { standingCharges } from './page-charge.js';

/**
 * The frontier's transactions, written once for both databases (SqlProgram). Every one first locks the crawl's row
 * (MySQL; SQLite runs a program alone), so two workers finishing pages of one crawl can't both miss, or both fire, its end.
 */
const LOCK_CRAWL = 'SELECT c.job_id FROM site_crawl c WHERE c.organization_id = ? AND c.job_id = ? FOR UPDATE';
const CRAWL_STATE = 'SELECT j.status, c.stopping, c.admitted, c.finished, c.skipped_limit FROM job j INNER JOIN site_crawl c ON c.job_id = j.id '
  + 'WHERE j.organization_id = ? AND j.id = ?';
const LIVE = new Set(['queued', 'running']);

export interface CrawlState {
  readonly status: string;
  readonly stopping: StopReason | null;
  readonly admitted: number;
  readonly finished: number;
  readonly skippedLimit: number;
}

export function* lockedCrawl(dialect: Dialect, organizationId: string, crawlId: string): SqlProgram<CrawlState | null> {
  if (dialect === 'mysql') yield query(LOCK_CRAWL, organizationId, crawlId);
  const [row] = yield query(CRAWL_STATE, organizationId, crawlId);
  if (!row) return null;
  return {
    status: row.status as string, stopping: (row.stopping as StopReason | null) ?? null,
    admitted: rowInt(row.admitted), finished: rowInt(row.finished), skippedLimit: rowInt(row.skipped_limit),
  };
}

/** Whether the crawl is stopping or gone, read without a lock (a page about to start looks before it does). */
export function* crawlStopping(organizationId: string, crawlId: string): SqlProgram<boolean> {
  const [row] = yield query(CRAWL_STATE, organizationId, crawlId);
  return !row || row.stopping !== null || !LIVE.has(row.status as string);
}

const NOTHING_STOPPED: StopOutcome = { ended: null, refunds: [] };

/**
 * Takes a waiting page for a worker (the crawl then runs): not taken when the crawl ended, or another took it. A crawl
 * that stops has no page start (decisions 9.4), so a page still waiting in it (its worker died, or a target's pause
 * handed it back) is dropped, which may end the crawl.
 */
export function* claimProgram(dialect: Dialect, organizationId: string, crawlId: string, pageId: string, leaseUntil: Date, now: Date, expiresAt: Date): SqlProgram<ClaimOutcome> {
  const crawl = yield* lockedCrawl(dialect, organizationId, crawlId);
  if (!crawl || !LIVE.has(crawl.status)) return { taken: false, ...NOTHING_STOPPED };
  if (crawl.stopping) return { taken: false, ...(yield* dropWaiting(organizationId, crawlId, crawl, now, expiresAt)) };
  const moved = yield exec(
    "UPDATE site_page SET state = 'running', attempts = attempts + 1, lease_until = ? WHERE organization_id = ? AND crawl_id = ? AND id = ? AND state = 'waiting' AND held = 0",
    leaseUntil, organizationId, crawlId, pageId,
  );
  if (moved.affected !== 1) return { taken: false, ...NOTHING_STOPPED };
  if (crawl.status === 'queued') yield exec("UPDATE job SET status = 'running', started_at = ? WHERE organization_id = ? AND id = ? AND status = 'queued'", now, organizationId, crawlId);
  return { taken: true, ...NOTHING_STOPPED };
}

export interface FinishRequest {
  readonly organizationId: string;
  readonly crawlId: string;
  readonly pageId: string;
  readonly record: PageRecord;
  /** Links in scope and allowed, each at most once, in document order; the frontier dedupes and applies the limit. */
  readonly links: readonly NewPage[];
  /** The page's final URL key when it differs from its own: reserved so that a later link to it is a duplicate. */
  readonly alias: NewPage | null;
  readonly skips: SkipCounts;
  readonly limit: number;
  readonly now: Date;
  readonly expiresAt: Date;
  /** Written with the page when it is kept (its outcome's tally). */
  readonly extra?: readonly SqlStatement[];
}

const STORE_PAGE = 'UPDATE site_page SET state = ?, seq = ?, target_status = ?, final_url = ?, credits = ?, content = ?, metadata = ?, links = ?, data = ?, '
  + "error = ?, duplicate_of = ?, finished_at = ?, lease_until = NULL WHERE organization_id = ? AND crawl_id = ? AND id = ? AND state = 'running'";

/** Stores a running page's outcome with its finish number, adds its new links, and ends the crawl when nothing is left. */
export function* finishProgram(dialect: Dialect, r: FinishRequest): SqlProgram<FinishOutcome> {
  const crawl = yield* lockedCrawl(dialect, r.organizationId, r.crawlId);
  if (!crawl) return { kept: false, seq: 0, added: [], ended: null };
  if (r.alias) {
    const [taken] = yield query('SELECT url FROM site_page WHERE organization_id = ? AND crawl_id = ? AND key_hash = ? AND id <> ?', r.organizationId, r.crawlId, r.alias.keyHash, r.pageId);
    if (taken) return { kept: false, seq: 0, added: [], ended: null, duplicateOf: String(taken.url) };
  }
  const seq = crawl.finished + 1;
  const p = r.record;
  const stored = yield exec(STORE_PAGE, p.state, seq, p.targetStatus, p.finalUrl, p.credits, p.content, p.metadata, p.links, p.data, p.error, p.duplicateOf,
    r.now, r.organizationId, r.crawlId, r.pageId);
  if (stored.affected !== 1) return { kept: false, seq: 0, added: [], ended: null };
  for (const statement of r.extra ?? []) yield statement;
  const skips = { ...r.skips };
  let admitted = crawl.admitted;
  const live = LIVE.has(crawl.status) && !crawl.stopping;
  if (r.alias) yield* insertPages(r, [r.alias], 'alias');
  if (live) {
    const fresh = yield* unseen(r.organizationId, r.crawlId, r.links);
    skips.duplicate += r.links.length - fresh.length;
    const room = Math.max(0, r.limit - admitted);
    skips.limit += Math.max(0, fresh.length - room);
    yield* insertPages(r, fresh.slice(0, room), 'held');
    admitted += Math.min(room, fresh.length);
  }
  yield exec('UPDATE site_crawl SET finished = ?, admitted = ?, skipped_robots = skipped_robots + ?, skipped_scope = skipped_scope + ?, '
    + 'skipped_excluded = skipped_excluded + ?, skipped_depth = skipped_depth + ?, skipped_duplicate = skipped_duplicate + ?, skipped_limit = skipped_limit + ? '
    + 'WHERE organization_id = ? AND job_id = ?', seq, admitted, skips.robots, skips.scope, skips.excluded, skips.depth, skips.duplicate, skips.limit,
  r.organizationId, r.crawlId);
  const added = live ? yield* releaseLevel(r.organizationId, r.crawlId, r.now) : [];
  const ended = yield* endIfIdle(r.organizationId, r.crawlId, { ...crawl, skippedLimit: crawl.skippedLimit + skips.limit }, r.now, r.expiresAt);
  return { kept: true, seq, added, ended };
}

export interface SkipRequest {
  readonly organizationId: string;
  readonly crawlId: string;
  readonly pageId: string;
  readonly reason: HopSkip;
  /** Where the page's navigation would have gone. */
  readonly refusedUrl: string;
  readonly now: Date;
  readonly expiresAt: Date;
  /** Written with the skip when it is kept (its attempt's tally). */
  readonly extra?: readonly SqlStatement[];
}

const SKIP_COLUMNS: Readonly<Record<HopSkip, string>> = { robots: 'skipped_robots', scope: 'skipped_scope' };

/**
 * A running page whose navigation would have left the crawl (decisions.md 9.1): not a stored page (no seq), counted
 * as a link refused for the same reason is; ends the crawl when nothing is left.
 */
export function* skipProgram(dialect: Dialect, r: SkipRequest): SqlProgram<SkipOutcome> {
  const crawl = yield* lockedCrawl(dialect, r.organizationId, r.crawlId);
  if (!crawl) return { kept: false, added: [], ended: null };
  const moved = yield exec("UPDATE site_page SET state = 'skipped', final_url = ?, finished_at = ?, lease_until = NULL WHERE organization_id = ? AND crawl_id = ? AND id = ? AND state = 'running'",
    r.refusedUrl, r.now, r.organizationId, r.crawlId, r.pageId);
  if (moved.affected !== 1) return { kept: false, added: [], ended: null };
  for (const statement of r.extra ?? []) yield statement;
  const column = SKIP_COLUMNS[r.reason];
  yield exec(`UPDATE site_crawl SET ${column} = ${column} + 1 WHERE organization_id = ? AND job_id = ?`, r.organizationId, r.crawlId);
  const added = LIVE.has(crawl.status) && !crawl.stopping ? yield* releaseLevel(r.organizationId, r.crawlId, r.now) : [];
  return { kept: true, added, ended: yield* endIfIdle(r.organizationId, r.crawlId, crawl, r.now, r.expiresAt) };
}

/** A running page handed back by a target's Retry-After: waiting again (`moved`), or dropped when its crawl stops meanwhile. */
export interface ReleaseOutcome {
  readonly moved: boolean;
  readonly dropped: boolean;
  readonly ended: CrawlEnd | null;
}

/**
 * A running page the target asked to retry later: waiting again with one retry more, unless its crawl stops (cancel,
 * credits, time; decisions 9.4: no new page starts), when it is dropped and the crawl may end now rather than after
 * the pause.
 */
export function* releaseProgram(dialect: Dialect, organizationId: string, crawlId: string, pageId: string, now: Date, expiresAt: Date): SqlProgram<ReleaseOutcome> {
  const crawl = yield* lockedCrawl(dialect, organizationId, crawlId);
  const live = crawl !== null && LIVE.has(crawl.status) && !crawl.stopping;
  const moved = yield exec(`UPDATE site_page SET state = ?, retries = retries + ?, lease_until = NULL, queued_at = ? WHERE organization_id = ? AND crawl_id = ? AND id = ? AND state = 'running'`,
    live ? 'waiting' : 'dropped', live ? 1 : 0, now, organizationId, crawlId, pageId);
  if (moved.affected !== 1) return { moved: false, dropped: false, ended: null };
  if (live) return { moved: true, dropped: false, ended: null };
  return { moved: false, dropped: true, ended: crawl ? yield* endIfIdle(organizationId, crawlId, crawl, now, expiresAt) : null };
}

/**
 * The links whose key the crawl has not taken yet, in their order. A link to a page still waiting at a greater depth is
 * a shorter path to it: the page takes this link's depth and parent (decisions.md 9.3, link hops from the start page).
 */
function* unseen(organizationId: string, crawlId: string, links: readonly NewPage[]): SqlProgram<NewPage[]> {
  const taken = new Set<string>();
  for (let start = 0; start < links.length; start += 200) {
    const part = links.slice(start, start + 200);
    const rows = yield query(`SELECT id, key_hash, state, depth FROM site_page WHERE organization_id = ? AND crawl_id = ? AND key_hash IN (${part.map(() => '?').join(', ')})`,
      organizationId, crawlId, ...part.map((link) => link.keyHash));
    const nearer = new Map(part.map((link) => [link.keyHash, link]));
    for (const row of rows) {
      taken.add(row.key_hash as string);
      const link = nearer.get(row.key_hash as string)!;
      if (row.state !== 'waiting' || rowInt(row.depth) <= link.depth) continue;
      yield exec("UPDATE site_page SET depth = ?, parent = ? WHERE organization_id = ? AND crawl_id = ? AND id = ? AND state = 'waiting'",
        link.depth, link.parent, organizationId, crawlId, row.id);
    }
  }
  // One key once, even when a page and a sitemap both list it.
  return links.filter((link) => !taken.has(link.keyHash) && Boolean(taken.add(link.keyHash)));
}

/** New pages `held` (releaseLevel queues those of the next level), or a redirect's final URL key reserved as an `alias`. */
function* insertPages(r: { organizationId: string; crawlId: string; now: Date }, pages: readonly NewPage[], kind: 'held' | 'alias'): SqlProgram<void> {
  for (const page of pages) {
    const [existing] = kind === 'alias' ? yield query('SELECT id FROM site_page WHERE organization_id = ? AND crawl_id = ? AND key_hash = ?', r.organizationId, r.crawlId, page.keyHash) : [undefined];
    if (existing) continue;
    yield exec('INSERT INTO site_page (crawl_id, organization_id, key_hash, url, depth, parent, state, held, attempts, retries, queued_at, credits) '
      + 'VALUES (?, ?, ?, ?, ?, ?, ?, ?, 0, 0, ?, 0)', r.crawlId, r.organizationId, page.keyHash, page.url, page.depth, page.parent,
    kind === 'held' ? 'waiting' : 'alias', kind === 'held' ? 1 : 0, r.now);
  }
}

/**
 * decisions.md 9.3: `max_depth` counts link hops from the start page, so a page must start at its shortest distance.
 * Pages do not finish in depth order (a slow page, a host's delay), so a waiting page is held, not queued, while a
 * page two or more hops shallower still waits or runs: that page may yet link to it by a shorter path (unseen() then
 * lowers its depth). Released here once the crawl's shallowest pending page is at most one hop shallower. The
 * shallowest pending depth never falls (a new or nearer link is one hop below a page that was pending), so a page
 * released, or started, is at its shortest distance; and a crawl with pending pages always has one released. The two
 * levels that overlap keep the workers busy while a level's last pages finish. Answers the released pages' ids.
 */
function* releaseLevel(organizationId: string, crawlId: string, now: Date): SqlProgram<string[]> {
  const [shallowest] = yield query("SELECT MIN(depth) AS depth FROM site_page WHERE organization_id = ? AND crawl_id = ? AND state IN ('waiting', 'running')", organizationId, crawlId);
  if (shallowest?.depth === null || shallowest?.depth === undefined) return [];
  const ceiling = rowInt(shallowest.depth) + 1;
  const released: Row[] = yield query("SELECT id FROM site_page WHERE organization_id = ? AND crawl_id = ? AND state = 'waiting' AND held = 1 AND depth <= ? ORDER BY id",
    organizationId, crawlId, ceiling);
  if (released.length === 0) return [];
  // Marked freshly queued: the re-queue sweep leaves them alone until their Bull jobs' marks are set (site-queue.ts).
  yield exec("UPDATE site_page SET held = 0, queued_at = ? WHERE organization_id = ? AND crawl_id = ? AND state = 'waiting' AND held = 1 AND depth <= ?",
    now, organizationId, crawlId, ceiling);
  return released.map((row) => String(row.id));
}

/** The crawl ends when no page waits or runs: its stop reason is the one asked for, else limit or finished. */
export function* endIfIdle(organizationId: string, crawlId: string, crawl: CrawlState, now: Date, expiresAt: Date): SqlProgram<CrawlEnd | null> {
  const [left] = yield query("SELECT COUNT(*) AS n FROM site_page WHERE organization_id = ? AND crawl_id = ? AND state IN ('waiting', 'running')", organizationId, crawlId);
  if (rowInt(left.n) > 0) return null;
  const stopReason: StopReason = crawl.stopping ?? (crawl.skippedLimit > 0 ? 'limit' : 'finished');
  const status = stopReason === 'cancelled' ? 'cancelled' : 'done';
  const moved = yield exec("UPDATE job SET status = ?, finished_at = ?, expires_at = ? WHERE organization_id = ? AND id = ? AND status IN ('queued', 'running')",
    status, now, expiresAt, organizationId, crawlId);
  if (moved.affected !== 1) return null;
  yield exec('UPDATE site_crawl SET stop_reason = ? WHERE organization_id = ? AND job_id = ?', stopReason, organizationId, crawlId);
  return { status, stopReason };
}

/**
 * No further page starts (credits, cancel, time limit): the waiting pages are dropped, `pageId` (a claimed page
 * refused its charge) too; the first reason asked is kept. Ends the crawl at once when no page runs.
 */
export function* stopProgram(dialect: Dialect, organizationId: string, crawlId: string, reason: StopReason, pageId: string | null, now: Date, expiresAt: Date): SqlProgram<StopOutcome> {
  const crawl = yield* lockedCrawl(dialect, organizationId, crawlId);
  if (!crawl || !LIVE.has(crawl.status)) return NOTHING_STOPPED;
  const stopping = crawl.stopping ?? reason;
  if (!crawl.stopping) yield exec('UPDATE site_crawl SET stopping = ? WHERE organization_id = ? AND job_id = ?', stopping, organizationId, crawlId);
  if (pageId) yield exec("UPDATE site_page SET state = 'dropped', lease_until = NULL WHERE organization_id = ? AND crawl_id = ? AND id = ? AND state = 'running'", organizationId, crawlId, pageId);
  return yield* dropWaiting(organizationId, crawlId, { ...crawl, stopping }, now, expiresAt);
}

/**
 * A stopping crawl's waiting pages, dropped; a page its dead worker left waiting with its charge hands the charge back
 * (the caller refunds it in this transaction: never delivered, never charged). Ends the crawl when no page runs.
 */
function* dropWaiting(organizationId: string, crawlId: string, crawl: CrawlState, now: Date, expiresAt: Date): SqlProgram<StopOutcome> {
  const taken: Row[] = yield query("SELECT id, url, retries FROM site_page WHERE organization_id = ? AND crawl_id = ? AND state = 'waiting' AND attempts > 0", organizationId, crawlId);
  const refunds = yield* standingCharges(organizationId, taken.map((row) => ({ id: String(row.id), crawlId, url: row.url as string, retries: rowInt(row.retries) })));
  yield exec("UPDATE site_page SET state = 'dropped' WHERE organization_id = ? AND crawl_id = ? AND state = 'waiting'", organizationId, crawlId);
  return { ended: yield* endIfIdle(organizationId, crawlId, crawl, now, expiresAt), refunds };
}

/** The start page's error, and what is written with it (the start page's attempt and its record, when it was requested). */
export interface CrawlFailure {
  readonly code: string;
  readonly message: string;
  readonly extra?: readonly SqlStatement[];
  /** The start page as stored, when it failed on the service's side: recorded with its error as any failed page (decisions 9.3 Money). */
  readonly page?: { readonly id: string; readonly record: PageRecord };
}

/** Whether the failure ended the crawl, and the start page's finish number when it was stored. */
export interface FailOutcome {
  readonly ended: boolean;
  readonly seq: number | null;
}

/** The start page decides the crawl (robots.txt refused it, or it failed): the crawl fails with its error, nothing else runs; cancelled if a cancel came first. */
export function* failProgram(dialect: Dialect, organizationId: string, crawlId: string, failure: CrawlFailure, now: Date, expiresAt: Date): SqlProgram<FailOutcome> {
  const { code, message } = failure;
  const crawl = yield* lockedCrawl(dialect, organizationId, crawlId);
  if (!crawl || !LIVE.has(crawl.status)) return { ended: false, seq: null };
  for (const statement of failure.extra ?? []) yield statement;
  const seq = failure.page ? yield* storeFailedStart(organizationId, crawlId, failure.page, crawl.finished + 1, now) : null;
  yield exec("UPDATE site_page SET state = 'dropped', lease_until = NULL WHERE organization_id = ? AND crawl_id = ? AND state IN ('waiting', 'running')", organizationId, crawlId);
  if (crawl.stopping === 'cancelled') {
    // Cancelled while its start page ran (decisions 9.4): that page's end, whatever it was, ends the crawl as asked.
    yield exec("UPDATE job SET status = 'cancelled', finished_at = ?, expires_at = ? WHERE organization_id = ? AND id = ? AND status IN ('queued', 'running')",
      now, expiresAt, organizationId, crawlId);
    yield exec('UPDATE site_crawl SET stop_reason = ? WHERE organization_id = ? AND job_id = ?', 'cancelled', organizationId, crawlId);
    return { ended: true, seq };
  }
  yield exec("UPDATE job SET status = 'failed', error_code = ?, error_message = ?, finished_at = ?, expires_at = ? WHERE organization_id = ? AND id = ? AND status IN ('queued', 'running')",
    code, message.slice(0, 1000), now, expiresAt, organizationId, crawlId);
  return { ended: true, seq };
}

/** The running start page stored as its crawl's first finished page; its seq, or null when it no longer ran. */
function* storeFailedStart(organizationId: string, crawlId: string, start: { id: string; record: PageRecord }, seq: number, now: Date): SqlProgram<number | null> {
  const p = start.record;
  const stored = yield exec(STORE_PAGE, p.state, seq, p.targetStatus, p.finalUrl, p.credits, p.content, p.metadata, p.links, p.data, p.error, p.duplicateOf,
    now, organizationId, crawlId, start.id);
  if (stored.affected !== 1) return null;
  yield exec('UPDATE site_crawl SET finished = ? WHERE organization_id = ? AND job_id = ?', seq, organizationId, crawlId);
  return seq;
}
