import { Injectable } from '@nestjs/common';
import { AppError } from '../../common/errors/app-error.js';
import { NetworkPolicy } from '../../infra/network/network-policy.js';
import { parseHttpUrl } from '../../infra/network/url-syntax.js';

const FIELD = 'webhook_url';
const MAX_LENGTH = 2048;

/** `webhook_url` (decisions.md 7.4): http or https, no credentials, and a host the network policy lets us reach. */
@Injectable()
export class WebhookUrlPolicy {
  constructor(private readonly policy: NetworkPolicy) {}

  /** null when absent; else the normalized URL, or a 422 on `webhook_url`. */
  async check(raw: string | undefined): Promise<string | null> {
    if (raw === undefined) return null;
    // The same syntax rule as a crawl's url (http or https, a host, no credentials), reported on webhook_url.
    const { url, problem } = parseHttpUrl(raw);
    if (!url) throw AppError.field(FIELD, problem);
    if (url.href.length > MAX_LENGTH) throw AppError.field(FIELD, `webhook_url must be at most ${MAX_LENGTH} characters.`);
    const verdict = await this.policy.inspectHost(url.hostname);
    if (!verdict.allowed) throw AppError.field(FIELD, verdict.reason);
    return url.href;
  }
}
