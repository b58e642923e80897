import { describe, expect, it } from '@jest/globals';
import type { Organization } from '../../infra/database/entities/index.js';
import { AccountActivityService } from './account-activity.service.js';

const organization = { id: 'org1' } as Organization;
const range = { from: '2026-11-01', to: '2026-11-30' };
/** `count` rows on each of `dates`, oldest first, as the repository answers them. */
const rows = (dates: string[], count: number) =>
  dates.flatMap((date) => Array.from({ length: count }, (_, index) => ({ date, host: `h${index}.example`, requests: 1, attempts: 1, crawls: 1, credits: 1 })));

function service(answer: ReturnType<typeof rows>) {
  const usage = { days: async (_org: string, _from: string, _to: string, limit: number) => answer.slice(-limit) };
  return new AccountActivityService(usage as never, {} as never);
}

describe('AccountActivityService.usageDays: at most 5000 rows, whole days', () => {
  it('answers every row when they fit, without truncated', async () => {
    const answer = await service(rows(['2026-11-02', '2026-11-03'], 2500)).usageDays(organization, range);
    expect([answer.days.length, answer.truncated]).toEqual([5000, undefined]);
  });

  it("leaves the oldest day out whole when the rows do not fit: no day is listed in part", async () => {
    const answer = await service(rows(['2026-11-01', '2026-11-02', '2026-11-03'], 2000)).usageDays(organization, range);
    expect([answer.days.length, answer.truncated, [...new Set(answer.days.map((day) => day.date))]]).toEqual([4000, true, ['2026-11-02', '2026-11-03']]);
  });

  it('cuts within a day only when that day alone passes the bound', async () => {
    const answer = await service(rows(['2026-11-03'], 6000)).usageDays(organization, range);
    expect([answer.days.length, answer.truncated]).toEqual([5000, true]);
  });
});
