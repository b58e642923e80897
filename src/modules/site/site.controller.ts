import { Body, Controller, HttpCode, Post, Query, UseGuards } from '@nestjs/common';
import { AppError } from '../../common/errors/app-error.js';
import { ApiSite } from '../../common/openapi/api-docs.js';
import { SiteQuery } from './dto/site-query.dto.js';
import type { Organization } from '../../infra/database/entities/index.js';
import { NetworkPolicy } from '../../infra/network/network-policy.js';
import { CurrentOrganization, OrgKeyGuard } from '../auth/org-key.guard.js';
import { Metered } from '../jobs/metered-request.js';
import type { MeteredRequest } from '../jobs/metered-request.js';
import type { AppConfig } from '../../config/app-config.js';
import { InjectConfig } from '../../config/config.module.js';
import { parseSiteQuery } from './dto/parse-site-query.js';
import { SiteService } from './site.service.js';

@Controller('site')
@UseGuards(OrgKeyGuard)
export class SiteController {
  constructor(
    @InjectConfig() private readonly config: AppConfig,
    private readonly sites: SiteService,
    private readonly policy: NetworkPolicy,
  ) {}

  /** Header key only (no @AllowQueryKey); options in the query, any body refused (decisions.md 9.3). */
  @Post()
  @HttpCode(202)
  @ApiSite(SiteQuery)
  startSite(@Query() query: Record<string, unknown>, @Body() body: unknown, @CurrentOrganization() organization: Organization, @Metered() request: MeteredRequest) {
    if (!isEmpty(body)) throw AppError.field('body', 'POST /site takes its options in the query string; send no body');
    return this.sites.start(parseSiteQuery(query, this.policy, this.config.site.maxPages), organization, request);
  }
}

function isEmpty(body: unknown): boolean {
  return body === undefined || body === null || body === '' || (Buffer.isBuffer(body) && body.length === 0);
}
