import { describe, expect, it } from '@jest/globals';
import { AppError } from '../../common/errors/app-error.js';
import { ErrorCode } from '../../common/errors/error-code.js';
import { loadConfig } from '../../config/app-config.js';
import type { Organization } from '../../infra/database/entities/index.js';
import { NetworkPolicy } from '../../infra/network/network-policy.js';
import type { ChargeRequest } from '../billing/ledger-move.js';
import { WebhookUrlPolicy } from '../webhooks/webhook-url.js';
import { IdempotentStart } from './idempotent-start.js';
import { MeteredPipeline } from './metered-pipeline.service.js';
import type { MeteredRequest } from './metered-request.js';
import type { Operation } from './operation.js';

type Steps = string[];

/** The pipeline around a recording admission (its own order: admission.order.spec.ts), up to a charge that fails. */
function pipeline(steps: Steps, burstLeft: boolean, replayOf: string | null = null, charges: ChargeRequest[] = [], firstFailures: unknown[] = []) {
  const config = loadConfig({ ALLOW_PRIVATE_TARGETS: 'false' });
  const webhookUrls = new WebhookUrlPolicy(new NetworkPolicy(config, async () => ['93.184.216.34']));
  const burst = async () => {
    steps.push('burst');
    if (!burstLeft) throw new AppError(ErrorCode.BurstExceeded, 'slow down');
  };
  const admission = {
    webhookUrl: (raw: string | undefined, organization: Organization) => webhookUrls.parse(raw, organization),
    admit: async () => {
      await burst();
      steps.push('slot');
      return { limits: { dailyLimit: null, priority: 3 }, price: 5, host: 'stranger.example', releaseSlot: async () => void steps.push('release') };
    },
  };
  const ledger = {
    charge: async (request: ChargeRequest) => {
      steps.push('charge');
      charges.push(request);
      throw firstFailures.shift() ?? new AppError(ErrorCode.InsufficientCredits, 'stop here');
    },
  };
  const jobs = { getForOrganization: async () => null };
  const idempotency = { claim: async () => ({ kind: 'replay', jobId: replayOf, release: async () => undefined, confirm: async () => undefined }) };
  const replays = {
    answer: async () => {
      steps.push('replay answered');
      return { status: 200 };
    },
  };
  const none = {} as never;
  const idempotent = new IdempotentStart(idempotency as never, replays as never, jobs as never);
  // A stored copy found, then gone when read (stored-answer.service.ts answers null): the request goes on to a fetch.
  const storedAnswers = { serve: async () => (steps.push('copy gone'), null) };
  return new MeteredPipeline(config, admission as never, ledger as never, jobs as never, idempotent, none, none, none, storedAnswers as never);
}

const operation = { kind: 'crawl', dailyLimited: false } as unknown as Operation<object>;
const organization = (webhookSecret: string | null = null) => ({ id: 'org1', publicId: 'pub1', plan: 'standard', balance: 100, webhookSecret }) as unknown as Organization;
const withHook: MeteredRequest = { idempotencyKey: undefined, fingerprint: '', webhookUrl: 'http://hook.example/in' };

describe('MeteredPipeline: admission first, then the charge; a refused charge gives the slot back', () => {
  it('charges only after admission, and releases the slot when the charge fails', async () => {
    const steps: Steps = [];
    await expect(pipeline(steps, true).serve(operation, {}, organization())).rejects.toMatchObject({ message: 'stop here' });
    expect(steps).toEqual(['burst', 'slot', 'charge', 'release']);
  });

  it('fetches the page when the stored copy it found was evicted before it could be read', async () => {
    const steps: Steps = [];
    const withCopy = { ...operation, fromStore: async () => ({ fetchedAt: new Date(), price: 1 }) } as unknown as Operation<object>;
    await expect(pipeline(steps, true).serve(withCopy, {}, organization())).rejects.toMatchObject({ message: 'stop here' });
    expect(steps).toEqual(['copy gone', 'burst', 'slot', 'charge', 'release']);
  });

  it("runs the charge again when InnoDB made it a deadlock's victim (the transaction rolled back whole), not on another error", async () => {
    const steps: Steps = [];
    const deadlock = Object.assign(new Error('Deadlock found when trying to get lock'), { driverError: { code: 'ER_LOCK_DEADLOCK' } });
    await expect(pipeline(steps, true, null, [], [deadlock]).serve(operation, {}, organization())).rejects.toMatchObject({ message: 'stop here' });
    expect(steps).toEqual(['burst', 'slot', 'charge', 'charge', 'release']);
  });

  it('hands the charge its job row, so that the row exists exactly when the charge is taken', async () => {
    const charges: ChargeRequest[] = [];
    await expect(pipeline([], true, null, charges).serve(operation, { url: 'http://stranger.example/' }, organization())).rejects.toMatchObject({ message: 'stop here' });
    expect(charges).toEqual([expect.objectContaining({ organizationId: 'org1', amount: 5, host: 'stranger.example', jobId: charges[0].requestKey })]);
    expect(charges[0].job).toMatchObject({ id: charges[0].jobId, kind: 'crawl', status: 'queued', price: 5, options: '{"url":"http://stranger.example/"}', webhookUrl: null });
    expect(charges[0].job!.expiresAt.getTime() - charges[0].job!.createdAt.getTime()).toBe(loadConfig({}).resultTtlHours * 3_600_000);
  });

  it('refuses a webhook_url with 422 before anything else while the organization has no secret', async () => {
    const steps: Steps = [];
    const refused = pipeline(steps, true).serve(operation, {}, organization(null), withHook);
    await expect(refused).rejects.toMatchObject({ code: ErrorCode.Validation, details: { errors: { webhook_url: [expect.any(String)] } } });
    expect(steps).toEqual([]);
  });

  it('answers an Idempotency-Key replay without a burst token (decisions 7.3: the repeat gets the first job), past the burst limit too', async () => {
    const replay: MeteredRequest = { idempotencyKey: 'k1', fingerprint: 'fp', webhookUrl: undefined };
    const steps: Steps = [];
    await expect(pipeline(steps, false, 'pub1_job1').serve(operation, {}, organization(), replay)).resolves.toEqual({ status: 200 });
    expect(steps).toEqual(['replay answered']);
  });
});
