import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { IsNull, Repository } from 'typeorm';
import { ApiKey, Organization } from '../../infra/database/entities/index.js';

@Injectable()
export class ApiKeyRepository {
  constructor(
    @InjectRepository(ApiKey) private readonly keys: Repository<ApiKey>,
    @InjectRepository(Organization) private readonly organizations: Repository<Organization>,
  ) {}

  /** The live key with this hash and its organization, in one query. */
  async findActiveByHash(keyHash: string): Promise<{ key: ApiKey; organization: Organization } | null> {
    const key = await this.keys.findOneBy({ keyHash, revokedAt: IsNull() });
    if (!key) return null;
    const organization = await this.organizations.findOneBy({ id: key.organizationId });
    return organization ? { key, organization } : null;
  }

  insert(key: ApiKey): Promise<ApiKey> {
    return this.keys.save(key);
  }

  /** Any key, live or revoked (admin revocation answers 404 only for ids that never existed). */
  getById(id: string): Promise<ApiKey | null> {
    return this.keys.findOneBy({ id });
  }

  async revoke(id: string): Promise<boolean> {
    const result = await this.keys.update({ id, revokedAt: IsNull() }, { revokedAt: new Date() });
    return (result.affected ?? 0) > 0;
  }
}
