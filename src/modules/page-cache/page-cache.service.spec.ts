import { describe, expect, it } from '@jest/globals';
import type { AppConfig } from '../../config/app-config.js';
import { PageCacheService } from './page-cache.service.js';

describe('PageCacheService.sweep', () => {
  it("trims every organization over its bytes though one's trim fails (a lock wait, a deadlock's victim): that one waits for the next round", async () => {
    const trimmed: string[] = [];
    const copies = {
      deleteFetchedBefore: async () => 0,
      organizationsOver: async () => ['a', 'b', 'c'],
      trim: async (organizationId: string) => {
        if (organizationId === 'b') throw new Error('Deadlock found when trying to get lock');
        trimmed.push(organizationId);
        return 2;
      },
    };
    const cache = new PageCacheService({ cacheMaxBytes: 100 } as AppConfig, copies as never);
    expect(await cache.sweep(new Date())).toBe(4);
    expect(trimmed).toEqual(['a', 'c']);
  });
});
