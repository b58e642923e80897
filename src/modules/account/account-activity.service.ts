import { Injectable } from '@nestjs/common';
import type { Organization } from '../../infra/database/entities/index.js';
import { UsageDayView, usageDayView } from '../billing/usage-day.view.js';
import type { DayRange } from '../billing/usage-range.js';
import { UsageRepository } from '../billing/usage.repository.js';
import { AccountJobView, accountJobView } from './account-activity.view.js';
import { MAX_USAGE_ROWS } from './activity-query.js';
import { RecentJobsRepository } from './recent-jobs.repository.js';

/** What an organization spent and on what, as its own key sees it (the dashboard's data). */
@Injectable()
export class AccountActivityService {
  constructor(
    private readonly usage: UsageRepository,
    private readonly jobs: RecentJobsRepository,
  ) {}

  /**
   * One row per UTC day and host with traffic, oldest day first; the shape of the admin usage route. At most
   * MAX_USAGE_ROWS rows, those of the newest days, with `truncated: true` when more exist. Every day listed is whole
   * (a client sums a day's rows): the cut takes the oldest day's rows out, unless that day is all there is.
   */
  async usageDays(organization: Organization, range: DayRange): Promise<{ days: UsageDayView[]; truncated?: true }> {
    const days = await this.usage.days(organization.id, range.from, range.to, MAX_USAGE_ROWS + 1);
    if (days.length <= MAX_USAGE_ROWS) return { days: days.map(usageDayView) };
    const wholeDays = days.filter((row) => row.date !== days[0].date);
    return { days: (wholeDays.length > 0 ? wholeDays : days.slice(1)).map(usageDayView), truncated: true };
  }

  async recentJobs(organization: Organization, limit: number): Promise<{ jobs: AccountJobView[] }> {
    const jobs = await this.jobs.newest(organization.id, limit);
    return { jobs: jobs.map(accountJobView) };
  }
}
