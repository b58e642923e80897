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

  /** The live key with this hash (as stored) and its organization, in one query: every authenticated request asks. */
  async findActiveByHash(keyHash: string): Promise<{ keyHash: string; organization: Organization } | null> {
    const { entities, raw } = await this.organizations.createQueryBuilder('organization')
      .innerJoin(ApiKey, 'key', 'key.organizationId = organization.id')
      .addSelect('key.keyHash', 'stored_key_hash')
      .where('key.keyHash = :keyHash', { keyHash })
      .andWhere('key.revokedAt IS NULL')
      .getRawAndEntities<{ stored_key_hash: string }>();
    return entities.length === 1 ? { keyHash: raw[0].stored_key_hash, organization: entities[0] } : null;
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
