import { describe, expect, it } from '@jest/globals';
import { ErrorCode } from '../../../common/errors/error-code.js';
import { ContentBudgetError, ContentTimeoutError, runContentTask, SCHEMA_COMPILE_BUDGET_MS, taskBudgetMs } from '../../../infra/content/content-threads.js';
import { assertSchemaCompiles } from './schema-compiles.js';

const schema = { type: 'object' } as const;
/** A content runner that records the deadline it was given and answers as `outcome` says. */
const runner = (outcome: () => unknown, deadlines: number[] = []) =>
  (async (_task: unknown, deadline: number, _signal: unknown, waitUntil: number) => {
    deadlines.push(deadline - Date.now(), deadline - waitUntil);
    return outcome();
  }) as unknown as typeof runContentTask;

describe('assertSchemaCompiles: the schema at fault only for its own compile', () => {
  it('gives the compile its budget from its start, and the wait for its turn besides', async () => {
    expect(taskBudgetMs({ kind: 'schema-error', schema })).toBe(SCHEMA_COMPILE_BUDGET_MS);
    const deadlines: number[] = [];
    await assertSchemaCompiles(schema, runner(() => null, deadlines));
    expect(deadlines[0]).toBeGreaterThan(SCHEMA_COMPILE_BUDGET_MS + 20_000);
    // Its wait for a turn ends a whole budget before the deadline: however long it waited, the compile has its 5 s.
    expect(deadlines[1]).toBe(SCHEMA_COMPILE_BUDGET_MS);
  });

  it('refuses a schema that does not compile, or not within its budget, with 422 on ai_schema', async () => {
    await expect(assertSchemaCompiles(schema, runner(() => 'bad $ref'))).rejects.toMatchObject({ code: ErrorCode.Validation, details: { errors: { ai_schema: ['bad $ref'] } } });
    const slow = runner(() => {
      throw new ContentBudgetError(SCHEMA_COMPILE_BUDGET_MS);
    });
    await expect(assertSchemaCompiles(schema, slow)).rejects.toMatchObject({ details: { errors: { ai_schema: [`ai_schema took more than ${SCHEMA_COMPILE_BUDGET_MS} ms to compile`] } } });
  });

  it('answers 503 when the compile got no thread in time: the load is the service\'s, not the schema\'s', async () => {
    const busy = runner(() => {
      throw new ContentTimeoutError('The page\'s content did not get a thread: too many waiting.');
    });
    await expect(assertSchemaCompiles(schema, busy)).rejects.toMatchObject({ code: ErrorCode.QueueUnavailable, message: 'The service is too busy to check ai_schema now; retry later.' });
  });
});
