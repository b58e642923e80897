import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Between, Repository } from 'typeorm';
import { DailyQuota, UsageTally } from '../../infra/database/entities/index.js';
import { Dialect, SqlStatement, upsertAdd } from '../../infra/database/sql-program.js';
import { utcDay } from './utc-day.js';

export interface UsageDay {
  readonly date: string;
  readonly host: string;
  readonly requests: number;
  readonly attempts: number;
  readonly crawls: number;
  readonly credits: number;
}

/** What one job counts on its host (decisions.md 3): its attempt, and a crawl when it is a billed success. */
export interface TallyCounts {
  readonly attempt: boolean;
  readonly crawl: boolean;
}

/**
 * A job's counts in the tally: written with the job's end (see the jobs' finish), the attempt before it when the
 * request is answered 202 (the jobs' early attempt).
 */
export function outcomeTally(dialect: Dialect, organizationId: string, day: string, host: string, counts: TallyCounts): SqlStatement {
  return upsertAdd(dialect, 'usage_tally', { organization_id: organizationId, day, host }, { attempts: counts.attempt ? 1 : 0, crawls: counts.crawl ? 1 : 0 });
}

/** The attempt a 202 tallied, taken back when its job is cancelled before it started (decisions 9.4). */
export function attemptWithdrawn(dialect: Dialect, organizationId: string, day: string, host: string): SqlStatement {
  return upsertAdd(dialect, 'usage_tally', { organization_id: organizationId, day, host }, { attempts: -1 });
}

/** Per organization, host and UTC day. Every query takes the organization first. */
@Injectable()
export class UsageRepository {
  constructor(
    @InjectRepository(UsageTally) private readonly tallies: Repository<UsageTally>,
    @InjectRepository(DailyQuota) private readonly quotas: Repository<DailyQuota>,
  ) {}

  /** Oldest day first; with `limit`, only the rows of the newest days up to that many (the database reads no more). */
  async days(organizationId: string, from: string, to: string, limit?: number): Promise<UsageDay[]> {
    const rows = await this.tallies.find({
      where: { organizationId, day: Between(from, to) },
      order: limit === undefined ? { day: 'ASC', host: 'ASC' } : { day: 'DESC', host: 'ASC' },
      ...(limit === undefined ? {} : { take: limit }),
    });
    if (limit !== undefined) rows.sort((a, b) => a.day.localeCompare(b.day) || a.host.localeCompare(b.host));
    return rows.map((row) => ({ date: row.day, host: row.host, requests: row.requests, attempts: row.attempts, crawls: row.crawls, credits: row.credits }));
  }

  /** Charged requests and net credits summed over both days and every day between, for GET /account. */
  async totals(organizationId: string, from: string, to: string): Promise<{ requests: number; credits: number }> {
    const where = { organizationId, day: Between(from, to) };
    const [requests, credits] = await Promise.all([this.tallies.sum('requests', where), this.tallies.sum('credits', where)]);
    return { requests: Number(requests ?? 0), credits: Number(credits ?? 0) };
  }

  async dailyUsed(organizationId: string, day = utcDay()): Promise<number> {
    const row = await this.quotas.findOneBy({ organizationId, day });
    return row?.used ?? 0;
  }
}
