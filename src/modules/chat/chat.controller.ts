import { Controller, Get, Query, UseGuards } from '@nestjs/common';
import { ApiMetered } from '../../common/openapi/api-docs.js';
import type { Organization } from '../../infra/database/entities/index.js';
import { AllowQueryKey, CurrentOrganization, OrgKeyGuard } from '../auth/org-key.guard.js';
import { MeteredPipeline } from '../jobs/metered-pipeline.service.js';
import { Metered } from '../jobs/metered-request.js';
import type { MeteredRequest } from '../jobs/metered-request.js';
import { ChatQuery } from './chat.dto.js';
import { ChatOperation, parseChatQuery } from './chat.operation.js';

@Controller('chat')
@UseGuards(OrgKeyGuard)
export class ChatController {
  constructor(
    private readonly pipeline: MeteredPipeline,
    private readonly operation: ChatOperation,
  ) {}

  @Get()
  @AllowQueryKey()
  @ApiMetered({
    tag: 'chat',
    summary: 'Ask the chat assistant\'s public page a question',
    query: ChatQuery,
    envelope: 'ChatEnvelope',
    dailyLimited: true,
    description: 'Price: a flat 30 credits (config/pricing.json), whatever premium, country or city say; counted against the plan\'s daily limit. A failure answered at once (chat_timeout and chat_no_answer included) is refunded; one collected after a 202 is not.',
  })
  chat(@Query() query: Record<string, unknown>, @CurrentOrganization() organization: Organization, @Metered() request: MeteredRequest) {
    return this.pipeline.serve(this.operation, parseChatQuery(query), organization, request);
  }
}
