import { Injectable } from '@nestjs/common';
import { AppError } from '../../common/errors/app-error.js';
import { NetworkPolicy } from '../../infra/network/network-policy.js';

const FIELD = 'webhook_url';
const MAX_LENGTH = 2048;

/** `webhook_url` (decisions.md 7.4): http or https, no credentials, and a host the network policy lets us reach. */
@Injectable()
export class WebhookUrlPolicy {
  constructor(private readonly policy: NetworkPolicy) {}

  /** null when absent; else the normalized URL, or a 422 on `webhook_url`. */
  async check(raw: string | undefined): Promise<string | null> {
    if (raw === undefined) return null;
    let url: URL;
    try {
      url = new URL(raw.trim());
    } catch {
      throw AppError.field(FIELD, 'webhook_url must be an absolute http or https URL.');
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:') throw AppError.field(FIELD, 'webhook_url must use http or https.');
    if (url.username || url.password) throw AppError.field(FIELD, 'webhook_url must not contain a user name or password.');
    if (url.href.length > MAX_LENGTH) throw AppError.field(FIELD, `webhook_url must be at most ${MAX_LENGTH} characters.`);
    const verdict = await this.policy.inspectHost(url.hostname);
    if (!verdict.allowed) throw AppError.field(FIELD, verdict.reason);
    return url.href;
  }
}
