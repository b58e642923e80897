import { Injectable } from '@nestjs/common';
import type { Organization } from '../../infra/database/entities/index.js';
import { OrganizationRepository } from '../auth/organization.repository.js';
import { randomId } from '../auth/secrets.js';

/** POST /account/webhook-secret: a new secret replaces the old one at once. */
@Injectable()
export class WebhookSecretService {
  constructor(private readonly organizations: OrganizationRepository) {}

  async rotate(organization: Organization): Promise<{ secret: string }> {
    const secret = `whsec_${randomId(43)}`;
    await this.organizations.update(organization.id, { webhookSecret: secret });
    return { secret };
  }
}
