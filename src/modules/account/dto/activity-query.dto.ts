import { ParamDoc } from '../../../common/openapi/param-doc.js';
import { firstDayOfMonth, lastDayOfMonth, monthOfEnd } from '../../billing/usage-range.js';
import { HeaderOnlyQuery } from '../../auth/header-only-query.js';
import { DEFAULT_JOBS_LIMIT, MAX_JOBS_LIMIT, MAX_RANGE_DAYS } from '../activity-query.js';
import { DayParam, RangeStart } from '../../billing/day-params.js';
import { IntegerParam } from './activity-params.js';

/** GET /account/usage: both ends included, an absent to from the current UTC month, an absent from from to's month; a DayRange once validated. */
export class AccountUsageQuery extends HeaderOnlyQuery {
  @ParamDoc(`First UTC day (default: the first day of to's month, or of the current month); not after to, and at most ${MAX_RANGE_DAYS} days before it`)
  @DayParam((query) => firstDayOfMonth(monthOfEnd(query.to))) @RangeStart({ end: 'to', maxDays: MAX_RANGE_DAYS })
  from!: string;

  @ParamDoc('Last UTC day (default: the last day of the current month)')
  @DayParam(() => lastDayOfMonth())
  to!: string;
}

/** GET /account/jobs. */
export class AccountJobsQuery extends HeaderOnlyQuery {
  @ParamDoc('How many jobs, newest first')
  @IntegerParam({ min: 1, max: MAX_JOBS_LIMIT, fallback: DEFAULT_JOBS_LIMIT })
  limit!: number;
}
