import { Injectable } from '@nestjs/common';
import { AppError } from '../../common/errors/app-error.js';
import type { Organization } from '../../infra/database/entities/index.js';
import { ApiKeyRepository } from './api-key.repository.js';
import { safeEqual, sha256 } from './secrets.js';

@Injectable()
export class AuthService {
  constructor(private readonly keys: ApiKeyRepository) {}

  /** An organization's live API key, or 401. Dashboard user tokens are not organization callers. */
  async organizationFor(token: string | undefined): Promise<Organization> {
    return (await this.withKey(token, (hash) => this.keys.findActiveByHash(hash))).organization;
  }

  /**
   * What `lookup` finds for the live key with this token's hash, or 401. A route may read its own rows in the same
   * query as the key (job collection does), so the lookup is the caller's; the check around it is here only.
   */
  async withKey<T extends { keyHash: string }>(token: string | undefined, lookup: (hash: string) => Promise<T | null>): Promise<T> {
    if (!token) throw AppError.unauthorized();
    const hash = sha256(token);
    const found = await lookup(hash);
    // The lookup is by hash; the constant-time compare keeps the final check free of timing signals.
    if (!found || !safeEqual(found.keyHash, hash)) throw AppError.unauthorized();
    return found;
  }
}
