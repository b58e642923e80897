import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import { Organization } from '../../infra/database/entities/index.js';
import { exec } from '../../infra/database/sql-program.js';
import type { SqlStatement } from '../../infra/database/sql-program.js';

@Injectable()
export class OrganizationRepository {
  constructor(@InjectRepository(Organization) private readonly organizations: Repository<Organization>) {}

  getById(id: string): Promise<Organization | null> {
    return this.organizations.findOneBy({ id });
  }

  getByPublicId(publicId: string): Promise<Organization | null> {
    return this.organizations.findOneBy({ publicId });
  }

  save(organization: Organization): Promise<Organization> {
    return this.organizations.save(organization);
  }

  /** The organization's row as one statement, for a transaction of its caller's (created with its first key and credits). */
  insertStatement(o: Organization): SqlStatement {
    return exec('INSERT INTO organization (id, public_id, name, plan, balance, concurrency_override, daily_limit_override, webhook_secret, created_at) '
      + 'VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)', o.id, o.publicId, o.name, o.plan, o.balance, o.concurrencyOverride, o.dailyLimitOverride, o.webhookSecret, o.createdAt);
  }

  update(id: string, changes: Partial<Pick<Organization, 'plan' | 'concurrencyOverride' | 'dailyLimitOverride' | 'webhookSecret'>>): Promise<unknown> {
    return this.organizations.update({ id }, changes);
  }

  getByName(name: string): Promise<Organization | null> {
    return this.organizations.findOneBy({ name });
  }

  listByPlan(plan: Organization['plan']): Promise<Organization[]> {
    return this.organizations.findBy({ plan });
  }
}
