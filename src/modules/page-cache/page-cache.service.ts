import { Injectable, Logger } from '@nestjs/common';
import type { AppConfig } from '../../config/app-config.js';
import { InjectConfig } from '../../config/config.module.js';
import { copyAddress, isStorable, MAX_AGE_LIMIT_MS } from './page-copy.js';
import type { CopyRequest, FoundCopy, PageAsRead } from './page-copy.js';
import { packBody, unpackBody } from './page-copy-codec.js';
import { PageCopyRepository } from './page-copy.repository.js';

/** Batches of expired copies one sweep deletes at most: the next sweep takes the rest. */
const SWEEP_BATCHES = 50;

/** decisions.md 9.6: an organization's stored copies of pages, found by max_age, kept after fetches, evicted by age and size. */
@Injectable()
export class PageCacheService {
  private readonly logger = new Logger(PageCacheService.name);

  constructor(
    @InjectConfig() private readonly config: AppConfig,
    private readonly copies: PageCopyRepository,
  ) {}

  /** The copy fetched less than `maxAgeMs` ago with the same fetch options, or null (max_age=0: always null); its body read later. */
  async lookup(organizationId: string, request: CopyRequest, maxAgeMs: number, now = Date.now()): Promise<FoundCopy | null> {
    if (maxAgeMs <= 0) return null;
    const found = await this.copies.find(organizationId, copyAddress(request), new Date(now - Math.min(maxAgeMs, MAX_AGE_LIMIT_MS) + 1));
    if (!found) return null;
    return {
      fetchedAt: found.fetchedAt,
      read: async () => {
        const row = await this.copies.read(organizationId, found.id);
        const body = row && (await unpackBody(row.packed, this.config.maxPageBytes));
        if (!row || body === null) return null;
        const { mediaType, rendered, finalUrl, targetStatus, fetchedAt } = row;
        return { body, mediaType, rendered, finalUrl, targetStatus, fetchedAt };
      },
    };
  }

  /**
   * Stores what a fetch read, when it was a 2xx. A copy is a convenience: a store that fails is logged and the fetch's
   * answer goes on. Answers whether it was stored.
   */
  async keep(organizationId: string, request: CopyRequest, page: PageAsRead, fetchedAt = new Date()): Promise<boolean> {
    if (!isStorable(page.targetStatus)) return false;
    try {
      const packed = await packBody(page.body);
      if (packed.length > this.config.cacheMaxBytes) return false;
      const { mediaType, rendered, finalUrl, targetStatus } = page;
      await this.copies.store(organizationId, copyAddress(request), { mediaType, rendered, packed, finalUrl, targetStatus, fetchedAt }, this.config.cacheMaxBytes);
      return true;
    } catch (error) {
      this.logger.warn({ err: error, organizationId }, 'page copy not stored');
      return false;
    }
  }

  /** The janitor's part: copies past 7 days, then organizations past CACHE_MAX_BYTES, oldest first. Answers the rows deleted. */
  async sweep(now = new Date()): Promise<number> {
    let deleted = 0;
    const before = new Date(now.getTime() - MAX_AGE_LIMIT_MS);
    for (let batch = 0; batch < SWEEP_BATCHES; batch++) {
      const removed = await this.copies.deleteFetchedBefore(before);
      deleted += removed;
      if (removed === 0) break;
    }
    for (const organizationId of await this.copies.organizationsOver(this.config.cacheMaxBytes)) {
      // One organization's failure (a lock wait, a deadlock's victim) leaves the others' trims to this round.
      deleted += await this.copies.trim(organizationId, this.config.cacheMaxBytes).catch((error: unknown) => {
        this.logger.warn({ err: error, organizationId }, 'page copies not trimmed this round');
        return 0;
      });
    }
    return deleted;
  }
}
