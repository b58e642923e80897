import { Injectable } from '@nestjs/common';
import type { AppConfig } from '../../config/app-config.js';
import { InjectConfig } from '../../config/config.module.js';
import { asContentOwner } from '../../infra/content/content-threads.js';
import type { Organization } from '../../infra/database/entities/index.js';
import { NetworkPolicy } from '../../infra/network/network-policy.js';
import { ProxyPoolService } from '../../infra/proxy/proxy-pool.service.js';
import { LimitsService } from '../billing/limits.service.js';
import type { EffectiveLimits } from '../billing/plan-limits.js';
import { limitsFor } from '../billing/plan-limits.js';
import { WebhookUrlPolicy } from '../webhooks/webhook-url.js';
import { assertCovers } from './charged-job.js';
import type { Operation } from './operation.js';

/** What an admitted request carries to its charge; its slot is held until `releaseSlot` or the job's end. */
export interface Admission {
  readonly limits: EffectiveLimits;
  readonly price: number;
  readonly target: URL;
  /** The target's host, lower case: the ledger's and the job row's `host`. */
  readonly host: string;
  /** Gives the slot back when the request fails before its job is queued. */
  readonly releaseSlot: () => Promise<void>;
}

/**
 * Whether a metered request may be charged. Refusals come in a fixed order (decisions.md; metered-pipeline's
 * order spec): the operation's own check, route, pool, burst token, the operation's costly check, credits, target DNS, webhook DNS, slot.
 */
@Injectable()
export class AdmissionService {
  constructor(
    @InjectConfig() private readonly config: AppConfig,
    private readonly policy: NetworkPolicy,
    private readonly proxies: ProxyPoolService,
    private readonly limits: LimitsService,
    private readonly webhookUrls: WebhookUrlPolicy,
  ) {}

  /** The `webhook_url` parameter, refused (422) before anything else is looked at; null when absent. */
  webhookUrl(raw: string | undefined, organization: Organization): string | null {
    return this.webhookUrls.parse(raw, organization);
  }

  async admit<O>(operation: Operation<O>, options: O, organization: Organization, jobId: string, webhookUrl: string | null): Promise<Admission> {
    const target = new URL(operation.target(options, this.config));
    await operation.precheck?.(options);
    const route = operation.route(options);
    if (route.city) this.proxies.validateCity(route.tier, route.country, route.city);
    await this.proxies.assertAvailable(route.tier);

    const limits = limitsFor(this.config.plans, organization);
    await this.limits.takeBurstToken(organization.id, limits.burst);
    // Its content tasks (an ai_schema's compile) wait behind the organization's own, not every organization's.
    await asContentOwner(organization.id, async () => operation.admittedCheck?.(options));
    const price = operation.price(options);
    // DNS lookups (target, webhook) only for a caller within its burst and its credits: they cost the shared resolver.
    assertCovers(organization, price);
    await this.policy.assertTargetAllowed(target);
    await this.webhookUrls.assertReachable(webhookUrl);
    await this.limits.acquireSlot(organization.id, jobId, limits.concurrency, this.config.slotLeaseMs);
    const releaseSlot = () => this.limits.releaseSlot(organization.id, jobId);
    return { limits, price, target, host: target.hostname.toLowerCase(), releaseSlot };
  }

  /**
   * decisions.md 9.6: a request a stored copy answers, in the same order less what a fetch alone needs: no pool check
   * (a hit answers while its pool is down), no DNS lookup of the target (nothing is fetched). The costly check stays: a
   * copy's answer reads the caller's schema too. Its slot is held only while the answer is made.
   */
  async admitStored<O>(operation: Operation<O>, options: O, organization: Organization, jobId: string, price: number): Promise<Admission> {
    const target = new URL(operation.target(options, this.config));
    await operation.precheck?.(options);
    const route = operation.route(options);
    if (route.city) this.proxies.validateCity(route.tier, route.country, route.city);
    const limits = limitsFor(this.config.plans, organization);
    await this.limits.takeBurstToken(organization.id, limits.burst);
    // Its content tasks (an ai_schema's compile) wait behind the organization's own, not every organization's.
    await asContentOwner(organization.id, async () => operation.admittedCheck?.(options));
    assertCovers(organization, price);
    await this.limits.acquireSlot(organization.id, jobId, limits.concurrency, this.config.slotLeaseMs);
    const releaseSlot = () => this.limits.releaseSlot(organization.id, jobId);
    return { limits, price, target, host: target.hostname.toLowerCase(), releaseSlot };
  }
}
