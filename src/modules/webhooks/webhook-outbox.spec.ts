import { describe, expect, it } from '@jest/globals';
import { ENDED_STATUSES } from '../../infra/database/entities/index.js';
import type { SqlProgramRunner, SqlStatement } from '../../infra/database/sql-program.js';
import { WebhookOutbox } from './webhook-outbox.js';

describe('WebhookOutbox.due', () => {
  it('takes the ended statuses from the one list beside isEndedStatus, as parameters, not spelt in its SQL', async () => {
    const asked: SqlStatement[] = [];
    const runner = { rows: async (step: SqlStatement) => (asked.push(step), []) } as unknown as SqlProgramRunner;
    const before = new Date('2025-01-02T03:04:05.000Z');
    await new WebhookOutbox(runner).due(before, 50);
    expect(asked).toHaveLength(1);
    expect(asked[0].sql).toContain('j.status IN (?, ?, ?)');
    expect(asked[0].sql).not.toContain("'done'");
    expect(asked[0].params).toEqual([before, 'done', 'failed', 'cancelled', 50]);
    expect(ENDED_STATUSES).toEqual(['done', 'failed', 'cancelled']);
  });
});
