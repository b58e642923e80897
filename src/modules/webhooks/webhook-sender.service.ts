import { isIP } from 'node:net';
import { InjectQueue } from '@nestjs/bull';
import { BeforeApplicationShutdown, Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import type { Job as BullJob, Queue } from 'bull';
import type { Redis } from 'ioredis';
import type { AppConfig } from '../../config/app-config.js';
import { InjectConfig } from '../../config/config.module.js';
import { urlWithoutSecrets } from '../../common/logging/redact-url.js';
import { NetworkPolicy } from '../../infra/network/network-policy.js';
import { policyLookup } from '../../infra/network/policy-lookup.js';
import { WEBHOOKS_QUEUE, WebhookPayload } from '../../infra/queue/queue.constants.js';
import { OrganizationRepository } from '../auth/organization.repository.js';
import { dropLease, takeLease } from '../../infra/redis/lease-set.js';
import { InjectRedis } from '../../infra/redis/redis.module.js';
import { DELIVERY_ATTEMPTS, DELIVERY_TURNS, DeliveryDeferred, DeliveryFailed } from '../../infra/queue/webhook-retry.js';
import { WebhookBacklog } from './webhook-backlog.js';
import { isPageEvent, WebhookOutbox } from './webhook-outbox.js';
import { postWebhook } from './webhook-post.js';
import { webhookSignature } from './webhook-signature.js';

const TIMEOUT_MS = 10_000;
/** Deliveries in flight per worker: they wait on receivers, not on the CPU. */
const SENDERS = 16;
/** Deliveries in flight per organization, across every worker: one organization's slow receiver cannot hold them all. */
export const PER_ORGANIZATION = 2;
const LEASE_MS = TIMEOUT_MS + 5_000;
const leaseKey = (organizationId: string) => `crawlgate:webhook-senders:${organizationId}`;

/** Worker processes: POST each delivery, signed at send time; a non-2xx or no answer in 10 s throws so Bull retries. */
@Injectable()
export class WebhookSender implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger(WebhookSender.name);

  constructor(
    @InjectConfig() private readonly config: AppConfig,
    @InjectQueue(WEBHOOKS_QUEUE) private readonly queue: Queue<WebhookPayload>,
    private readonly organizations: OrganizationRepository,
    private readonly policy: NetworkPolicy,
    @InjectRedis() private readonly redis: Redis,
    private readonly backlog: WebhookBacklog,
    private readonly outbox: WebhookOutbox,
  ) {}

  onApplicationBootstrap(): void {
    if (!this.config.runsWorker) return;
    void this.queue.process(SENDERS, (job: BullJob<WebhookPayload>) => this.sendInTurn(job));
    this.queue.on('failed', (job: BullJob<WebhookPayload>, error: Error) => this.turnFailed(job, error));
  }

  /** Bull's `failed` event: logs a failed attempt, or the delivery given up. */
  turnFailed(job: BullJob<WebhookPayload>, error: Error): void {
    // The receiver's query is often its token: it stays out of the logs.
    const url = urlWithoutSecrets(job.data.url);
    if (error instanceof DeliveryDeferred) {
      if (job.attemptsMade < (job.opts.attempts ?? DELIVERY_TURNS)) return;
      // Its turn never came in DELIVERY_TURNS tries. A job.finished is never dropped: out of Bull, still owed, the
      // owed-webhooks sweep queues it again with its turns anew. A page event is given up, settled like a last failure.
      if (!isPageEvent(String(job.id))) {
        this.logger.warn({ deliveryId: job.data.deliveryId, url, turns: job.attemptsMade, reason: error.message }, 'webhook parked until the owed-webhooks sweep: deferred too many times');
        void this.backlog.park(job.data.organizationId, job)
          .catch((bookkeeping: unknown) => this.logger.warn({ err: bookkeeping, deliveryId: job.data.deliveryId }, 'deferred webhook not parked'));
        return;
      }
      this.logger.warn({ deliveryId: job.data.deliveryId, url, turns: job.attemptsMade, reason: error.message }, 'webhook given up: deferred too many times');
      void this.ended(job.data.organizationId, String(job.id)).catch((bookkeeping: unknown) => this.logger.warn({ err: bookkeeping, deliveryId: job.data.deliveryId }, 'given-up webhook not settled'));
      return;
    }
    const failures = error instanceof DeliveryFailed ? error.failures : DELIVERY_ATTEMPTS;
    const fields = { deliveryId: job.data.deliveryId, url, attempt: failures, reason: error.message };
    if (failures >= DELIVERY_ATTEMPTS) this.logger.warn(fields, 'webhook given up');
    else this.logger.log(fields, 'webhook attempt failed; retrying');
  }

  async beforeApplicationShutdown(): Promise<void> {
    await this.queue.close().catch(() => undefined);
  }

  /**
   * Sends when the deliveries it follows (`after`) have ended and the organization has fewer than PER_ORGANIZATION
   * deliveries in flight; else throws DeliveryDeferred,
   * which the webhook backoff turns into a short delay of this same job (no new job, no attempt spent), and frees
   * this sender for other organizations.
   */
  async sendInTurn(job: BullJob<WebhookPayload>): Promise<void> {
    const { organizationId } = job.data;
    // A page event dropped while an earlier turn of it held its lock: given up here, unsent (Redis failing: its turn tells).
    if (isPageEvent(String(job.id)) && (await this.backlog.droppedInFlight(String(job.id)).catch(() => false))) {
      await this.ended(organizationId, String(job.id)).catch((error: unknown) => this.logger.warn({ err: error, deliveryId: job.data.deliveryId }, 'dropped webhook not settled'));
      return;
    }
    const holder = `${job.id}:${job.attemptsMade}`;
    await this.takeTurn(job, holder);
    const failures = job.data.failures ?? 0;
    try {
      await this.send(job.data, failures + 1);
    } catch (error) {
      throw await this.failedAttempt(job, failures + 1, error as Error);
    } finally {
      await dropLease(this.redis, leaseKey(organizationId), holder).catch(() => undefined);
    }
    // Delivered: a bookkeeping error from here on must not read as a failed delivery (pendingWith and the sweep settle it).
    await this.ended(organizationId, String(job.id)).catch((error: unknown) => this.logger.warn({ err: error, deliveryId: job.data.deliveryId }, 'delivered webhook not settled'));
  }

  /**
   * Throws DeliveryDeferred unless the deliveries it follows have ended and it holds one of its organization's places.
   * Redis failing here is no failed send: the delivery waits its turn again, spending no attempt (DELIVERY_TURNS bounds it).
   */
  private async takeTurn(job: BullJob<WebhookPayload>, holder: string): Promise<void> {
    const { organizationId, after } = job.data;
    try {
      // A site crawl's job.finished goes after its site.page events (decisions 9.3), their retries included.
      if (after && (await this.backlog.pendingWith(organizationId, after))) throw new DeliveryDeferred('deliveries it follows are still pending');
      if (!(await takeLease(this.redis, leaseKey(organizationId), holder, PER_ORGANIZATION, LEASE_MS))) {
        throw new DeliveryDeferred('the organization has its share of deliveries in flight');
      }
    } catch (error) {
      if (error instanceof DeliveryDeferred) throw error;
      // A lease taken by a script whose answer was lost would hold its place until it expires.
      await dropLease(this.redis, leaseKey(organizationId), holder).catch(() => undefined);
      this.logger.warn({ err: error, deliveryId: job.data.deliveryId }, 'webhook deferred: its turn could not be checked');
      throw new DeliveryDeferred(`its turn could not be checked: ${(error as Error).message}`);
    }
  }

  /** What Bull hears of a failed send: a retry, or the last attempt of one given up or dropped while in flight. */
  private async failedAttempt(job: BullJob<WebhookPayload>, failures: number, error: Error): Promise<DeliveryFailed> {
    const dropped = await this.backlog.droppedInFlight(String(job.id)).catch(() => false);
    const counted = dropped ? DELIVERY_ATTEMPTS : failures;
    // The attempt's own failure is what Bull hears, even when its bookkeeping cannot be written (Redis gone meanwhile).
    await this.countFailure(job, counted).catch((bookkeeping: unknown) => this.logger.warn({ err: bookkeeping, deliveryId: job.data.deliveryId }, 'failed attempt not counted'));
    return new DeliveryFailed(dropped ? `${error.message} (dropped: too many deliveries waiting)` : error.message, counted);
  }

  private async countFailure(job: BullJob<WebhookPayload>, failures: number): Promise<void> {
    await job.update({ ...job.data, failures });
    if (failures >= DELIVERY_ATTEMPTS) await this.ended(job.data.organizationId, String(job.id));
  }

  /** Delivered or given up: out of the organization's backlog, and no longer owed (webhook-outbox.ts). */
  private async ended(organizationId: string, id: string): Promise<void> {
    await this.backlog.settle(organizationId, id);
    // Should this fail, the sweep finds the delivery ended in Bull and settles it there.
    await this.outbox.settle(id).catch((error: unknown) => this.logger.warn({ err: error, id }, 'owed webhook not settled'));
  }

  async send(delivery: WebhookPayload, attempt: number): Promise<void> {
    const url = new URL(delivery.url);
    // An address literal never reaches a lookup: it is checked here. A name is checked by the lookup at connect time.
    if (isIP(url.hostname.replace(/^\[|\]$/g, ''))) {
      const verdict = await this.policy.inspectHost(url.hostname);
      if (!verdict.allowed) throw new Error(verdict.reason);
    }
    const organization = await this.organizations.getById(delivery.organizationId);
    // Nothing is ever signed with an empty key (decisions 8.5): a delivery queued before that rule is dropped, not retried.
    if (!organization?.webhookSecret) {
      this.logger.warn({ deliveryId: delivery.deliveryId }, 'webhook dropped: the organization has no webhook secret');
      return;
    }
    const signature = webhookSignature(organization.webhookSecret, Math.floor(Date.now() / 1000), delivery.body);
    // Redirects are never followed: a 3xx fails the attempt, so no delivery reaches a host the policy did not check.
    const status = await postWebhook({
      url,
      headers: { 'content-type': 'application/json', 'user-agent': 'Crawlgate-Webhook/1', 'x-crawlgate-delivery': delivery.deliveryId, 'x-crawlgate-signature': signature },
      body: delivery.body,
      lookup: policyLookup(this.policy),
      timeoutMs: TIMEOUT_MS,
    });
    if (status < 200 || status > 299) throw new Error(`the receiver answered ${status}`);
    this.logger.log({ deliveryId: delivery.deliveryId, attempt }, 'webhook delivered');
  }
}
