import { Injectable } from '@nestjs/common';
import { AppError } from '../../common/errors/app-error.js';
import type { Organization } from '../../infra/database/entities/index.js';
import { NetworkPolicy } from '../../infra/network/network-policy.js';
import { parseHttpUrl } from '../../infra/network/url-syntax.js';

const FIELD = 'webhook_url';
const MAX_LENGTH = 2048;

/** `webhook_url` (decisions.md 7.4, 8.5): http or https, no credentials, a signing secret, a host the network policy lets us reach. */
@Injectable()
export class WebhookUrlPolicy {
  constructor(private readonly policy: NetworkPolicy) {}

  /** The checks that cost nothing, before any limit is taken: null when absent, else the normalized URL or a 422. */
  parse(raw: string | undefined, organization: Pick<Organization, 'webhookSecret'>): string | null {
    if (raw === undefined) return null;
    // The same syntax rule as a crawl's url (http or https, a host, no credentials), reported on webhook_url.
    const { url, problem } = parseHttpUrl(raw);
    if (!url) throw AppError.field(FIELD, problem);
    if (url.href.length > MAX_LENGTH) throw AppError.field(FIELD, `webhook_url must be at most ${MAX_LENGTH} characters.`);
    // Nothing is ever signed with an empty key.
    if (!organization.webhookSecret) throw AppError.field(FIELD, 'Make a webhook secret first (POST /account/webhook-secret).');
    return url.href;
  }

  /** The host's lookup, for a caller within its burst and its credits: lookups cost the shared resolver. */
  async assertReachable(href: string | null): Promise<void> {
    if (href === null) return;
    const verdict = await this.policy.inspectHost(new URL(href).hostname);
    if (!verdict.allowed) throw AppError.field(FIELD, verdict.reason);
  }
}
