import { Module } from '@nestjs/common';
import { AuthModule } from '../auth/auth.module.js';
import { PageCacheJanitor } from './page-cache-janitor.service.js';
import { PageCacheService } from './page-cache.service.js';
import { PageCopyRepository } from './page-copy.repository.js';

/** decisions.md 9.6: stored copies of pages; below jobs/ (the janitor evicts) and crawl/ (the operation stores and answers). */
@Module({
  imports: [AuthModule],
  providers: [PageCacheService, PageCopyRepository, PageCacheJanitor],
  exports: [PageCacheService],
})
export class PageCacheModule {}
