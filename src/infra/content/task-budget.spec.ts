import { describe, expect, it } from '@jest/globals';
import { isLargeTask, SCHEMA_COMPILE_BUDGET_MS, TASK_BUDGET_MS, taskBudgetMs } from './content-threads.js';

describe('taskBudgetMs: a page within MAX_PAGE_BYTES is given the time its size needs', () => {
  const page = (bytes: number) => ({ kind: 'render' as const, html: 'x'.repeat(bytes), url: 'https://a.example/', request: { format: 'markdown' as const, mainContent: false, includeSelectors: [], excludeSelectors: [] } });

  it('is TASK_BUDGET_MS for a page up to 5/6 MiB, then 12 s a MiB (five times its lone cost: the budget is wall time on shared cores)', () => {
    expect([taskBudgetMs(page(1000)), taskBudgetMs(page(0.8 * 1_048_576))]).toEqual([TASK_BUDGET_MS, TASK_BUDGET_MS]);
    // A 2.19 MB page, which took 19 s beside two others and Chromium: 25 s. From 7.5 MiB the job's deadline (90 s) bounds.
    expect([taskBudgetMs(page(2_190_000)), taskBudgetMs(page(8.5 * 1_048_576)), taskBudgetMs(page(20 * 1_048_576))]).toEqual([25_063, 102_000, 240_000]);
  });

  it('runs pages past 2.5 MiB in the large pages\' line, one at a time', () => {
    expect([isLargeTask(page(2.5 * 1_048_576)), isLargeTask(page(2.5 * 1_048_576 + 1))]).toEqual([false, true]);
  });

  it('measures a PDF by its bytes, and an ai_schema compile gets its own 5 s', () => {
    expect(taskBudgetMs({ kind: 'pdf', bytes: new Uint8Array(5 * 1_048_576), maxPages: 200 })).toBe(60_000);
    expect(taskBudgetMs({ kind: 'schema-error', schema: { type: 'object' } })).toBe(SCHEMA_COMPILE_BUDGET_MS);
  });
});
