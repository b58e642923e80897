import { Controller, Get, Query, UseGuards } from '@nestjs/common';
import { ApiMetered } from '../../common/openapi/api-docs.js';
import type { Organization } from '../../infra/database/entities/index.js';
import { NetworkPolicy } from '../../infra/network/network-policy.js';
import { AllowQueryKey, CurrentOrganization, OrgKeyGuard } from '../auth/org-key.guard.js';
import { MeteredPipeline } from '../jobs/metered-pipeline.service.js';
import { Metered } from '../jobs/metered-request.js';
import type { MeteredRequest } from '../jobs/metered-request.js';
import { CrawlOperation } from './crawl.operation.js';
import { CrawlQuery } from './dto/crawl-query.dto.js';
import { parseCrawlQuery } from './dto/parse-crawl-query.js';

@Controller('crawl')
@UseGuards(OrgKeyGuard)
export class CrawlController {
  constructor(
    private readonly pipeline: MeteredPipeline,
    private readonly operation: CrawlOperation,
    private readonly policy: NetworkPolicy,
  ) {}

  @Get()
  @AllowQueryKey()
  @ApiMetered({ tag: 'crawl', summary: 'A page as HTML, Markdown or text, with its metadata and links; or JSON: the answer to ai_query, extracted fields, data held to a schema', query: CrawlQuery, envelope: 'CrawlEnvelope', page: true, cache: true, description: 'Price (config/pricing.json defaults): 1 without JavaScript, 5 with it, on the standard pool; 10 and 25 on the premium pool; images +2; ai_query or ai_schema +5; city doubles the total. A stored copy (max_age) costs 1 plus the model surcharge. ai_invalid_output is billed; any other failure answered at once is refunded, one collected after a 202 is not.' })
  crawl(@Query() query: Record<string, unknown>, @CurrentOrganization() organization: Organization, @Metered() request: MeteredRequest) {
    return this.pipeline.serve(this.operation, parseCrawlQuery(query, this.policy), organization, request);
  }
}
