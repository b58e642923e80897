import { Controller, Get, UseGuards } from '@nestjs/common';
import { ApiAccount } from '../../common/openapi/api-docs.js';
import { QueryOf } from '../../common/validation/query-of.js';
import type { Organization } from '../../infra/database/entities/index.js';
import { CurrentOrganization, OrgKeyGuard } from '../auth/org-key.guard.js';
import { AccountActivityService } from './account-activity.service.js';
import { AccountJobsQuery, AccountUsageQuery } from './dto/activity-query.dto.js';

/** GET /account/usage and GET /account/jobs (decisions.md 7.5): header only, like GET /account (no @AllowQueryKey). */
@Controller('account')
@UseGuards(OrgKeyGuard)
export class AccountActivityController {
  constructor(private readonly activity: AccountActivityService) {}

  @Get('usage')
  @ApiAccount('Requests, attempts and credits per UTC day and host', 200, 'Usage', AccountUsageQuery)
  accountUsage(@CurrentOrganization() organization: Organization, @QueryOf(AccountUsageQuery) query: AccountUsageQuery) {
    return this.activity.usageDays(organization, query);
  }

  @Get('jobs')
  @ApiAccount('Recent jobs, newest first', 200, 'AccountJobs', AccountJobsQuery)
  accountJobs(@CurrentOrganization() organization: Organization, @QueryOf(AccountJobsQuery) query: AccountJobsQuery) {
    return this.activity.recentJobs(organization, query.limit);
  }
}
