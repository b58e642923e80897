import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import { Organization } from '../../infra/database/entities/index.js';

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
