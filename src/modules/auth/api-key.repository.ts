import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { IsNull, Repository } from 'typeorm';
import { ApiKey, Organization } from '../../infra/database/entities/index.js';
import { exec, query, SqlProgramRunner } from '../../infra/database/sql-program.js';
import type { SqlStatement } from '../../infra/database/sql-program.js';
import { ORGANIZATION_COLUMNS, organizationFromRow } from './organization-row.js';

const FIND_ACTIVE_BY_HASH = `SELECT ${ORGANIZATION_COLUMNS}, k.key_hash AS stored_key_hash FROM api_key k `
  + 'INNER JOIN organization o ON o.id = k.organization_id WHERE k.key_hash = ? AND k.revoked_at IS NULL';

@Injectable()
export class ApiKeyRepository {
  constructor(
    @InjectRepository(ApiKey) private readonly keys: Repository<ApiKey>,
    private readonly sql: SqlProgramRunner,
  ) {}

  /**
   * The live key with this hash (as stored) and its organization, in one query: every authenticated request asks, so
   * it is plain SQL returning a plain row (the query builder and its hydration cost more than the query).
   */
  async findActiveByHash(keyHash: string): Promise<{ keyHash: string; organization: Organization } | null> {
    const rows = await this.sql.rows(query(FIND_ACTIVE_BY_HASH, keyHash));
    return rows.length === 1 ? { keyHash: rows[0].stored_key_hash as string, organization: organizationFromRow(rows[0]) } : null;
  }

  insert(key: ApiKey): Promise<ApiKey> {
    return this.keys.save(key);
  }

  /** The key's row as one statement, for a transaction of its caller's (an organization created with its first key). */
  insertStatement(key: ApiKey): SqlStatement {
    return exec('INSERT INTO api_key (id, organization_id, prefix, key_hash, revoked_at, created_at) VALUES (?, ?, ?, ?, ?, ?)',
      key.id, key.organizationId, key.prefix, key.keyHash, key.revokedAt, key.createdAt);
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
