import { ParamDoc } from '../../../common/openapi/param-doc.js';
import { firstDayOfMonth, lastDayOfMonth } from '../../billing/usage-range.js';
import { DayParam, RangeStart } from '../../billing/day-params.js';

/** GET /admin/organizations/:id/usage: both ends included, absent ends from the current UTC month; a DayRange once validated. */
export class UsageQueryDto {
  @ParamDoc('First UTC day (default: the first day of the current month); not after to')
  @DayParam(() => firstDayOfMonth()) @RangeStart({ end: 'to' })
  from!: string;

  @ParamDoc('Last UTC day (default: the last day of the current month)')
  @DayParam(() => lastDayOfMonth())
  to!: string;
}
