import { isIP } from 'node:net';
import { InjectQueue } from '@nestjs/bull';
import { BeforeApplicationShutdown, Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import type { Job as BullJob, Queue } from 'bull';
import type { AppConfig } from '../../config/app-config.js';
import { InjectConfig } from '../../config/config.module.js';
import { urlWithoutSecrets } from '../../common/logging/redact-url.js';
import { NetworkPolicy } from '../../infra/network/network-policy.js';
import { policyLookup } from '../../infra/network/policy-lookup.js';
import { WEBHOOKS_QUEUE, WebhookPayload } from '../../infra/queue/queue.constants.js';
import { OrganizationRepository } from '../auth/organization.repository.js';
import { postWebhook } from './webhook-post.js';
import { webhookSignature } from './webhook-signature.js';

const TIMEOUT_MS = 10_000;
const SENDERS = 4;

/** Worker processes: POST each delivery, signed at send time; a non-2xx or no answer in 10 s throws so Bull retries. */
@Injectable()
export class WebhookSender implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger(WebhookSender.name);

  constructor(
    @InjectConfig() private readonly config: AppConfig,
    @InjectQueue(WEBHOOKS_QUEUE) private readonly queue: Queue<WebhookPayload>,
    private readonly organizations: OrganizationRepository,
    private readonly policy: NetworkPolicy,
  ) {}

  onApplicationBootstrap(): void {
    if (!this.config.runsWorker) return;
    void this.queue.process(SENDERS, (job: BullJob<WebhookPayload>) => this.send(job.data, job.attemptsMade + 1));
    this.queue.on('failed', (job: BullJob<WebhookPayload>, error: Error) => {
      const last = job.attemptsMade >= (job.opts.attempts ?? 1);
      // The receiver's query is often its token: it stays out of the logs.
      const fields = { deliveryId: job.data.deliveryId, url: urlWithoutSecrets(job.data.url), attempt: job.attemptsMade, reason: error.message };
      if (last) this.logger.warn(fields, 'webhook given up');
      else this.logger.log(fields, 'webhook attempt failed; retrying');
    });
  }

  async beforeApplicationShutdown(): Promise<void> {
    await this.queue.close().catch(() => undefined);
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
