import { ParamDoc } from '../../../common/openapi/param-doc.js';
import { firstDayOfMonth, lastDayOfMonth, monthOfEnd } from '../../billing/usage-range.js';
import { DayParam, RangeStart } from '../../billing/day-params.js';

/** GET /admin/organizations/:id/usage: both ends included, an absent to from the current UTC month, an absent from from to's month; a DayRange once validated. */
export class UsageQueryDto {
  @ParamDoc("First UTC day (default: the first day of to's month, or of the current month); not after to")
  @DayParam((query) => firstDayOfMonth(monthOfEnd(query.to))) @RangeStart({ end: 'to' })
  from!: string;

  @ParamDoc('Last UTC day (default: the last day of the current month)')
  @DayParam(() => lastDayOfMonth())
  to!: string;
}
