import { describe, expect, it } from '@jest/globals';
import { AppError } from '../../common/errors/app-error.js';
import { ErrorCode } from '../../common/errors/error-code.js';
import { loadConfig } from '../../config/app-config.js';
import type { Organization } from '../../infra/database/entities/index.js';
import { contentOwner } from '../../infra/content/content-threads.js';
import { NetworkPolicy } from '../../infra/network/network-policy.js';
import { WebhookUrlPolicy } from '../webhooks/webhook-url.js';
import { AdmissionService } from './admission.service.js';
import type { Operation } from './operation.js';

type Steps = string[];

/** Admission with a resolver that records lookups and limits and pools that record their steps, in order. */
function admission(steps: Steps, burstLeft: boolean): AdmissionService {
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
  const proxies = { assertAvailable: async () => void steps.push('pool'), validateCity: () => void steps.push('city') };
  return new AdmissionService(config, policy, proxies as never, limits as never, new WebhookUrlPolicy(policy));
}

const operation = {
  kind: 'crawl', dailyLimited: false, target: () => 'http://Stranger.example/', route: () => ({ tier: 'standard', country: null, city: null }), price: () => 5,
} as unknown as Operation<object>;
const organization = (balance: number, webhookSecret: string | null = null) =>
  ({ id: 'org1', publicId: 'pub1', plan: 'standard', balance, dailyLimit: null, webhookSecret, concurrencyOverride: null, dailyLimitOverride: null }) as unknown as Organization;
const hook = 'http://hook.example/in';

describe('AdmissionService: refusals in a fixed order; the target is looked up only for a caller within its burst and credits', () => {
  it('makes no DNS lookup for a key without the credits', async () => {
    const steps: Steps = [];
    await expect(admission(steps, true).admit(operation, {}, organization(4), 'job1', null)).rejects.toMatchObject({ code: ErrorCode.InsufficientCredits });
    expect(steps).toEqual(['pool', 'burst']);
  });

  it('makes no DNS lookup past the burst limit', async () => {
    const steps: Steps = [];
    await expect(admission(steps, false).admit(operation, {}, organization(100), 'job1', null)).rejects.toMatchObject({ code: ErrorCode.BurstExceeded });
    expect(steps).toEqual(['pool', 'burst']);
  });

  it('runs the operation check, the city and the pool before the burst token', async () => {
    const steps: Steps = [];
    const checked = {
      ...operation,
      precheck: async () => void steps.push('precheck'),
      admittedCheck: async () => void steps.push('costly check'),
      route: () => ({ tier: 'premium', country: 'us', city: 'denver' }),
    } as unknown as Operation<object>;
    await admission(steps, true).admit(checked, {}, organization(100), 'job1', null);
    expect(steps).toEqual(['precheck', 'city', 'pool', 'burst', 'costly check', 'dns stranger.example', 'slot']);
  });

  it("runs the costly check (compiling ai_schema) as one of the organization's content tasks, on a fetch or a stored copy", async () => {
    const owners: string[] = [];
    const checked = { ...operation, admittedCheck: async () => void owners.push(contentOwner()) } as unknown as Operation<object>;
    await admission([], true).admit(checked, {}, organization(100), 'job1', null);
    await admission([], true).admitStored(checked, {}, organization(100), 'job2', 1);
    expect(owners).toEqual(['org1', 'org1']);
  });

  it('runs the costly check (compiling ai_schema) only within the burst limit', async () => {
    const steps: Steps = [];
    const checked = { ...operation, admittedCheck: async () => void steps.push('costly check') } as unknown as Operation<object>;
    await expect(admission(steps, false).admit(checked, {}, organization(100), 'job1', null)).rejects.toMatchObject({ code: ErrorCode.BurstExceeded });
    expect(steps).toEqual(['pool', 'burst']);
  });

  it('runs the costly check of a request a stored copy answers within the burst limit too, before the credits', async () => {
    const checked = { ...operation, admittedCheck: async () => void steps.push('costly check') } as unknown as Operation<object>;
    let steps: Steps = [];
    await admission(steps, true).admitStored(checked, {}, organization(100), 'job1', 1);
    expect(steps).toEqual(['burst', 'costly check', 'slot']);
    steps = [];
    await expect(admission(steps, false).admitStored(checked, {}, organization(100), 'job1', 1)).rejects.toMatchObject({ code: ErrorCode.BurstExceeded });
    expect(steps).toEqual(['burst']);
  });

  it('looks the target up after the burst token and before the slot, and answers what the charge needs', async () => {
    const steps: Steps = [];
    const admitted = await admission(steps, true).admit(operation, {}, organization(100), 'job1', null);
    expect(steps).toEqual(['pool', 'burst', 'dns stranger.example', 'slot']);
    expect(admitted).toMatchObject({ price: 5, host: 'stranger.example', target: new URL('http://stranger.example/') });
    expect(admitted.limits).toEqual({ concurrency: 50, burst: 50, dailyLimit: 5000, priority: 3 });
    await admitted.releaseSlot();
    expect(steps.at(-1)).toBe('release');
  });

  it('looks the webhook_url up after the burst token and the credit check, never for a caller without them', async () => {
    for (const [burstLeft, balance, code] of [[false, 100, ErrorCode.BurstExceeded], [true, 4, ErrorCode.InsufficientCredits]] as const) {
      const steps: Steps = [];
      await expect(admission(steps, burstLeft).admit(operation, {}, organization(balance, 'whsec_x'), 'job1', hook)).rejects.toMatchObject({ code });
      expect(steps).toEqual(['pool', 'burst']);
    }
    const steps: Steps = [];
    await admission(steps, true).admit(operation, {}, organization(100, 'whsec_x'), 'job1', hook);
    expect(steps).toEqual(['pool', 'burst', 'dns stranger.example', 'dns hook.example', 'slot']);
  });
});
