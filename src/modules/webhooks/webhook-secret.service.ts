import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import { Organization } from '../../infra/database/entities/index.js';
import { randomId } from '../auth/secrets.js';

/** POST /account/webhook-secret: a new secret replaces the old one at once. */
@Injectable()
export class WebhookSecretService {
  constructor(@InjectRepository(Organization) private readonly organizations: Repository<Organization>) {}

  async rotate(organization: Organization): Promise<{ secret: string }> {
    const secret = `whsec_${randomId(43)}`;
    await this.organizations.update({ id: organization.id }, { webhookSecret: secret });
    return { secret };
  }
}
