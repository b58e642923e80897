import { Body, Controller, HttpCode, Post, Query, UseGuards } from '@nestjs/common';
import { ApiBody } from '@nestjs/swagger';
import { ApiMetered } from '../../common/openapi/api-docs.js';
import { ref } from '../../common/openapi/schemas.js';
import type { Organization } from '../../infra/database/entities/index.js';
import { AllowQueryKey, CurrentOrganization, OrgKeyGuard } from '../auth/org-key.guard.js';
import { MeteredPipeline } from '../jobs/metered-pipeline.service.js';
import { Metered } from '../jobs/metered-request.js';
import type { MeteredRequest } from '../jobs/metered-request.js';
import { RecipeQuery } from './dto/recipe-query.dto.js';
import { parseRecipeRequest, RecipeOperation } from './recipe.operation.js';

@Controller('crawl')
@UseGuards(OrgKeyGuard)
export class RecipeController {
  constructor(
    private readonly pipeline: MeteredPipeline,
    private readonly operation: RecipeOperation,
  ) {}

  @Post()
  @HttpCode(200)
  @AllowQueryKey()
  @ApiMetered({ tag: 'recipe', summary: 'Run a recipe of blocks on one page (query booleans exactly true or false)', query: RecipeQuery, envelope: 'CrawlEnvelope', page: true, description: 'Price: a flat 30 credits (config/pricing.json), whatever the blocks, premium, country or city. action_failed is billed; any other failure answered at once is refunded, one collected after a 202 is not.' })
  @ApiBody({ schema: ref('RecipeBody') })
  run(@Query() query: Record<string, unknown>, @Body() body: unknown, @CurrentOrganization() organization: Organization, @Metered() request: MeteredRequest) {
    return this.pipeline.serve(this.operation, parseRecipeRequest(query, body), organization, request);
  }
}
