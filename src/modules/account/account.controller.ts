import { Controller, Get, HttpCode, Post, UseGuards } from '@nestjs/common';
import { ApiAccount } from '../../common/openapi/api-docs.js';
import { QueryOf } from '../../common/validation/query-of.js';
import type { Organization } from '../../infra/database/entities/index.js';
import { HeaderOnlyQuery } from '../auth/header-only-query.js';
import { CurrentOrganization, OrgKeyGuard } from '../auth/org-key.guard.js';
import { WebhookSecretService } from '../webhooks/webhook-secret.service.js';
import { AccountService } from './account.service.js';

@Controller('account')
@UseGuards(OrgKeyGuard)
export class AccountController {
  constructor(
    private readonly account: AccountService,
    private readonly webhookSecrets: WebhookSecretService,
  ) {}

  /** Header only: no @AllowQueryKey, so a `key` query parameter never authenticates here. */
  @Get()
  @ApiAccount('Balance, plan, limits and usage', 200, 'Account')
  describe(@CurrentOrganization() organization: Organization, @QueryOf(HeaderOnlyQuery) _query: HeaderOnlyQuery) {
    return this.account.describe(organization);
  }

  /** decisions.md 7.4: a new signing secret replaces the old one; header only, like every account route. */
  @Post('webhook-secret')
  @HttpCode(201)
  @ApiAccount('Make a new webhook signing secret; it replaces the old one', 201, 'WebhookSecret')
  rotateWebhookSecret(@CurrentOrganization() organization: Organization, @QueryOf(HeaderOnlyQuery) _query: HeaderOnlyQuery) {
    return this.webhookSecrets.rotate(organization);
  }
}
