import { describe, expect, it } from '@jest/globals';
import { SCHEMA_COMPILE_BUDGET_MS, TASK_BUDGET_MS, taskBudgetMs } from './content-threads.js';

describe('taskBudgetMs: a page within MAX_PAGE_BYTES is given the time its size needs', () => {
  const page = (bytes: number) => ({ kind: 'render' as const, html: 'x'.repeat(bytes), url: 'https://a.example/', request: { format: 'markdown' as const, mainContent: false, includeSelectors: [], excludeSelectors: [] } });

  it('is TASK_BUDGET_MS for a page up to 2.5 MiB, then 4 s a MiB: 80 s at MAX_PAGE_BYTES, inside the job\'s 90', () => {
    expect([taskBudgetMs(page(1000)), taskBudgetMs(page(2.5 * 1_048_576))]).toEqual([TASK_BUDGET_MS, TASK_BUDGET_MS]);
    expect([taskBudgetMs(page(8.5 * 1_048_576)), taskBudgetMs(page(20 * 1_048_576))]).toEqual([34_000, 80_000]);
  });

  it('measures a PDF by its bytes, and an ai_schema compile gets its own 5 s', () => {
    expect(taskBudgetMs({ kind: 'pdf', bytes: new Uint8Array(5 * 1_048_576), maxPages: 200 })).toBe(20_000);
    expect(taskBudgetMs({ kind: 'schema-error', schema: { type: 'object' } })).toBe(SCHEMA_COMPILE_BUDGET_MS);
  });
});
