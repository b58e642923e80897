import { ParamDoc } from '../../../common/openapi/param-doc.js';
import { firstDayOfMonth, lastDayOfMonth, monthOfOtherEnd } from '../../billing/usage-range.js';
import { DayParam, RangeStart } from '../../billing/day-params.js';

/** GET /admin/organizations/:id/usage: both ends included, an absent end from the other end's UTC month, or the current one; a DayRange once validated. */
export class UsageQueryDto {
  @ParamDoc("First UTC day (default: the first day of to's month, or of the current month); not after to")
  @DayParam((query) => firstDayOfMonth(monthOfOtherEnd(query.to))) @RangeStart({ end: 'to' })
  from!: string;

  @ParamDoc("Last UTC day (default: the last day of from's month, or of the current month)")
  @DayParam((query) => lastDayOfMonth(monthOfOtherEnd(query.from)))
  to!: string;
}
