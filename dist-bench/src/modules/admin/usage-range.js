import { AppError } from '../../common/errors/app-error.js';
import { utcDay, utcMonth } from '../billing/utc-day.js';
/** A real calendar day written YYYY-MM-DD, or a 422 on that parameter. */
export function parseDay(text, param) {
    const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
    // Date.UTC rolls 2024-02-30 over to March, so only a real day survives the round trip.
    if (!match || utcDay(new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])))) !== text) {
        throw AppError.field(param, `${param} must be a date written YYYY-MM-DD`);
    }
    return text;
}
/** Both ends included. A missing `from` is the first day of the current UTC month, a missing `to` its last day. */
export function usageRange(query, now = new Date()) {
    const month = utcMonth(now);
    const [year, monthIndex] = month.split('-').map(Number);
    const from = query.from === undefined ? `${month}-01` : parseDay(query.from, 'from');
    const to = query.to === undefined ? utcDay(new Date(Date.UTC(year, monthIndex, 0))) : parseDay(query.to, 'to');
    if (from > to)
        throw AppError.field('from', 'from must not be after to');
    return { from, to };
}
