import { Controller, Get, Query, UseGuards } from '@nestjs/common';
import { ApiMetered } from '../../common/openapi/api-docs.js';
import type { Organization } from '../../infra/database/entities/index.js';
import { NetworkPolicy } from '../../infra/network/network-policy.js';
import { AllowQueryKey, CurrentOrganization, OrgKeyGuard } from '../auth/org-key.guard.js';
import { PageQuery } from '../jobs/dto/page-query.dto.js';
import { parsePageQuery } from '../jobs/dto/parse-page-query.js';
import { MeteredPipeline } from '../jobs/metered-pipeline.service.js';
import { Metered } from '../jobs/metered-request.js';
import type { MeteredRequest } from '../jobs/metered-request.js';
import { ScreenshotOperation } from './screenshot.operation.js';

@Controller('screenshot')
@UseGuards(OrgKeyGuard)
export class ScreenshotController {
  constructor(
    private readonly pipeline: MeteredPipeline,
    private readonly operation: ScreenshotOperation,
    private readonly policy: NetworkPolicy,
  ) {}

  @Get()
  @AllowQueryKey()
  @ApiMetered({ tag: 'screenshot', summary: 'A full-page JPEG screenshot, base64', query: PageQuery, envelope: 'ScreenshotEnvelope', dailyLimited: true, description: 'Price: a flat 30 credits (config/pricing.json), whatever premium, js, images, ai_query, country or city say; counted against the plan\'s daily limit. A failure answered at once is refunded; one collected after a 202 is not.' })
  screenshot(@Query() query: Record<string, unknown>, @CurrentOrganization() organization: Organization, @Metered() request: MeteredRequest) {
    return this.pipeline.serve(this.operation, parsePageQuery(query, this.policy, { images: true }).request, organization, request);
  }
}
