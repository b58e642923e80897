import { describe, expect, it } from '@jest/globals';
import { AppError } from '../../common/errors/app-error.js';
import { ErrorCode } from '../../common/errors/error-code.js';
import type { MeteredAnswer } from '../../common/http/metered-answer.js';
import type { Organization } from '../../infra/database/entities/index.js';
import { IdempotencyKeyTaken } from '../billing/idempotency-record.js';
import { IdempotentStart } from './idempotent-start.js';
import type { MeteredRequest } from './metered-request.js';
import type { Operation } from './operation.js';

const organization = { id: 'org1', publicId: 'pub1' } as Organization;
const operation = { kind: 'site' } as Operation;
const answer = { status: 202 } as MeteredAnswer;
const keyed: MeteredRequest = { idempotencyKey: 'k1', fingerprint: 'fp', webhookUrl: undefined };

/** IdempotentStart over a claim that is `claim` ('new' or a replay of job `pub1_first`), a job row when `jobExists`. */
function idempotent(steps: string[], claim: 'new' | 'replay', jobExists: boolean | 'database gone' = false, confirmFails = false) {
  const idempotency = {
    claim: async (_org: string, _key: string, _fingerprint: string, jobId: string) => ({
      kind: claim, jobId: claim === 'new' ? jobId : 'pub1_first', record: { keyHash: 'hash-k1', fingerprint: 'fp' },
      release: async () => void steps.push('release'),
      adopt: async (taken: IdempotencyKeyTaken) => void steps.push(`adopt ${taken.jobId}`),
      confirm: async () => {
        steps.push('confirm');
        if (confirmFails) throw new Error('redis down');
      },
    }),
  };
  const replays = { answer: async (_op: Operation, _org: Organization, _key: string, jobId: string) => (steps.push(`replay ${jobId}`), answer) };
  const jobs = {
    getForOrganization: async () => {
      if (jobExists === 'database gone') throw new Error('database gone');
      return jobExists ? { refunded: false } : null;
    },
  };
  return new IdempotentStart(idempotency as never, replays as never, jobs as never);
}

describe('IdempotentStart (decisions 7.3): one job per key, replays of it, the key freed when nothing was made', () => {
  it('starts a job with a fresh id without a key, and with a new claim confirms through the start', async () => {
    const steps: string[] = [];
    const started = await idempotent(steps, 'new').run(operation, organization, { ...keyed, idempotencyKey: undefined }, async (jobId) => (steps.push(`start ${jobId.split('_')[0]}`), answer));
    expect([started, steps]).toEqual([answer, ['start pub1']]);
    await idempotent(steps, 'new').run(operation, organization, keyed, async (_jobId, created) => (await created(), answer));
    expect(steps).toEqual(['start pub1', 'confirm']);
    // A confirmation lost to Redis only shortens the key's life: the job, already made, is answered.
    expect(await idempotent([], 'new', false, true).run(operation, organization, keyed, async (_jobId, created) => (await created(), answer))).toBe(answer);
  });

  it('replays the first job without a burst token, never starting another', async () => {
    const steps: string[] = [];
    await idempotent(steps, 'replay').run(operation, organization, keyed, async () => (steps.push('start'), answer));
    expect(steps).toEqual(['replay pub1_first']);
  });

  it('frees the key when the start failed before its job existed, keeps it once the job exists', async () => {
    const refused = async () => {
      throw new AppError(ErrorCode.ConcurrencyExceeded, 'busy');
    };
    const before: string[] = [];
    await expect(idempotent(before, 'new').run(operation, organization, keyed, refused)).rejects.toMatchObject({ code: ErrorCode.ConcurrencyExceeded });
    expect(before).toEqual(['release']);
    const after: string[] = [];
    await expect(idempotent(after, 'new', true).run(operation, organization, keyed, refused)).rejects.toMatchObject({ code: ErrorCode.ConcurrencyExceeded });
    expect(after).toEqual([]);
    // Its job unknown (the database did not answer): kept, as a charge may stand; a retry replays it or waits.
    const unknown: string[] = [];
    await expect(idempotent(unknown, 'new', 'database gone').run(operation, organization, keyed, refused)).rejects.toMatchObject({ code: ErrorCode.ConcurrencyExceeded });
    expect(unknown).toEqual([]);
  });

  it('hands the start its key to write beside the job, and replays the job the database says holds it (a Redis that lost the key)', async () => {
    const steps: string[] = [];
    let starts = 0;
    const held = async (_jobId: string, _created: () => Promise<void>, key?: unknown) => {
      steps.push(`start ${JSON.stringify(key)}`);
      starts += 1;
      throw new IdempotencyKeyTaken('pub1_held', 'fp', new Date());
    };
    expect(await idempotent(steps, 'new').run(operation, organization, keyed, held)).toBe(answer);
    expect([starts, steps]).toEqual([1, ['start {"keyHash":"hash-k1","fingerprint":"fp"}', 'adopt pub1_held', 'replay pub1_held']]);
    // Held by a job of other parameters: 422 on the key, as from Redis; nothing replayed, nothing released.
    const other: string[] = [];
    const heldByOther = async () => {
      throw new IdempotencyKeyTaken('pub1_held', 'fp-other', new Date());
    };
    await expect(idempotent(other, 'new').run(operation, organization, keyed, heldByOther))
      .rejects.toMatchObject({ code: ErrorCode.Validation, details: { errors: { 'Idempotency-Key': [expect.stringContaining('other parameters')] } } });
    expect(other).toEqual(['adopt pub1_held']);
  });
});
