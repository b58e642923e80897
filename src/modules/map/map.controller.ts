import { Controller, Get, Query, UseGuards } from '@nestjs/common';
import { ApiMetered } from '../../common/openapi/api-docs.js';
import type { Organization } from '../../infra/database/entities/index.js';
import { NetworkPolicy } from '../../infra/network/network-policy.js';
import { CurrentOrganization, OrgKeyGuard } from '../auth/org-key.guard.js';
import { MeteredPipeline } from '../jobs/metered-pipeline.service.js';
import { Metered, type MeteredRequest } from '../jobs/metered-request.js';
import { MapQuery } from './dto/map-query.dto.js';
import { parseMapQuery } from './dto/parse-map-query.js';
import { MapOperation } from './map.operation.js';

/** decisions.md 9.2: header key only, as /account (no @AllowQueryKey: a `key` parameter never authenticates here). */
@Controller('map')
@UseGuards(OrgKeyGuard)
export class MapController {
  constructor(
    private readonly pipeline: MeteredPipeline,
    private readonly operation: MapOperation,
    private readonly policy: NetworkPolicy,
  ) {}

  @Get()
  @ApiMetered({ tag: 'map', summary: 'A site\'s URLs from its sitemaps and its start page\'s links, filtered by scope, patterns and robots.txt', query: MapQuery, envelope: 'MapEnvelope', headerKeyOnly: true, description: 'Price: that of GET /crawl of the start page with the same options (js=false by default). robots.txt and sitemaps are free.' })
  map(@Query() query: Record<string, unknown>, @CurrentOrganization() organization: Organization, @Metered() request: MeteredRequest) {
    return this.pipeline.serve(this.operation, parseMapQuery(query, this.policy), organization, request);
  }
}
