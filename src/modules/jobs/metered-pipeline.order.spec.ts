import { describe, expect, it } from '@jest/globals';
import { AppError } from '../../common/errors/app-error.js';
import { ErrorCode } from '../../common/errors/error-code.js';
import { loadConfig } from '../../config/app-config.js';
import type { Organization } from '../../infra/database/entities/index.js';
import { NetworkPolicy } from '../../infra/network/network-policy.js';
import { WebhookUrlPolicy } from '../webhooks/webhook-url.js';
import { MeteredPipeline } from './metered-pipeline.service.js';
import type { MeteredRequest } from './metered-request.js';
import type { Operation } from './operation.js';

type Steps = string[];

/** The pipeline up to the charge, with a resolver that records lookups; every step is recorded in order. */
function pipeline(steps: Steps, burstLeft: boolean, replayOf: string | null = null) {
  const config = loadConfig({ ALLOW_PRIVATE_TARGETS: 'false' });
  const policy = new NetworkPolicy(config, async (host) => {
    steps.push(`dns ${host}`);
    return ['93.184.216.34'];
  });
  const limits = {
    takeBurstToken: async () => {
      steps.push('burst');
      if (!burstLeft) throw new AppError(ErrorCode.BurstExceeded, 'slow down');
    },
    acquireSlot: async () => void steps.push('slot'),
    releaseSlot: async () => void steps.push('release'),
  };
  const ledger = { charge: async () => Promise.reject(new AppError(ErrorCode.InsufficientCredits, 'stop here')) };
  const proxies = { assertAvailable: async () => undefined, validateCity: () => undefined };
  const none = {} as never;
  const webhookUrls = new WebhookUrlPolicy(policy);
  const idempotency = { claim: async () => ({ kind: 'replay', jobId: replayOf, release: async () => undefined, confirm: async () => undefined }) };
  const replays = {
    answer: async () => {
      steps.push('replay answered');
      return { status: 200 };
    },
  };
  return new MeteredPipeline(config, policy, proxies as never, limits as never, ledger as never, none, none, none, idempotency as never, replays as never, webhookUrls as never, none, { jobStep: () => undefined } as never);
}

const operation = {
  kind: 'crawl', dailyLimited: false, target: () => 'http://stranger.example/', route: () => ({ tier: 'standard', country: null, city: null }), price: () => 5,
} as unknown as Operation<object>;
const organization = (balance: number, webhookSecret: string | null = null) =>
  ({ id: 'org1', publicId: 'pub1', plan: 'standard', balance, dailyLimit: null, webhookSecret }) as unknown as Organization;
const withHook: MeteredRequest = { idempotencyKey: undefined, fingerprint: '', webhookUrl: 'http://hook.example/in' };

describe('MeteredPipeline: the target is looked up only for a caller within its burst and credits', () => {
  it('makes no DNS lookup for a key without the credits', async () => {
    const steps: Steps = [];
    await expect(pipeline(steps, true).serve(operation, {}, organization(4))).rejects.toMatchObject({ code: ErrorCode.InsufficientCredits });
    expect(steps).toEqual(['burst']);
  });

  it('makes no DNS lookup past the burst limit', async () => {
    const steps: Steps = [];
    await expect(pipeline(steps, false).serve(operation, {}, organization(100))).rejects.toMatchObject({ code: ErrorCode.BurstExceeded });
    expect(steps).toEqual(['burst']);
  });

  it('looks the target up after the burst token and before the slot and the charge', async () => {
    const steps: Steps = [];
    await expect(pipeline(steps, true).serve(operation, {}, organization(100))).rejects.toMatchObject({ message: 'stop here' });
    expect(steps).toEqual(['burst', 'dns stranger.example', 'slot', 'release']);
  });

  it('looks the webhook_url up after the burst token and the credit check, never for a caller without them', async () => {
    for (const [burstLeft, balance, code] of [[false, 100, ErrorCode.BurstExceeded], [true, 4, ErrorCode.InsufficientCredits]] as const) {
      const steps: Steps = [];
      await expect(pipeline(steps, burstLeft).serve(operation, {}, organization(balance, 'whsec_x'), withHook)).rejects.toMatchObject({ code });
      expect(steps).toEqual(['burst']);
    }
    const steps: Steps = [];
    await expect(pipeline(steps, true).serve(operation, {}, organization(100, 'whsec_x'), withHook)).rejects.toMatchObject({ message: 'stop here' });
    expect(steps).toEqual(['burst', 'dns stranger.example', 'dns hook.example', 'slot', 'release']);
  });

  it('refuses a webhook_url with 422 before anything else while the organization has no secret', async () => {
    const steps: Steps = [];
    const refused = pipeline(steps, true).serve(operation, {}, organization(100, null), withHook);
    await expect(refused).rejects.toMatchObject({ code: ErrorCode.Validation, details: { errors: { webhook_url: [expect.any(String)] } } });
    expect(steps).toEqual([]);
  });

  it('takes a burst token for an Idempotency-Key replay too: past the burst limit it is 429, not answered', async () => {
    const steps: Steps = [];
    const replay: MeteredRequest = { idempotencyKey: 'k1', fingerprint: 'fp', webhookUrl: undefined };
    await expect(pipeline(steps, false, 'pub1_job1').serve(operation, {}, organization(100), replay)).rejects.toMatchObject({ code: ErrorCode.BurstExceeded });
    expect(steps).toEqual(['burst']);
  });
});
