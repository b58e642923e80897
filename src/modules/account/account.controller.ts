import { Controller, Get, UseGuards } from '@nestjs/common';
import type { Organization } from '../../infra/database/entities/index.js';
import { CurrentOrganization, OrgKeyGuard } from '../auth/org-key.guard.js';
import { AccountService } from './account.service.js';

@Controller('account')
@UseGuards(OrgKeyGuard)
export class AccountController {
  constructor(private readonly account: AccountService) {}

  /** Header only: no @AllowQueryKey, so a `key` query parameter never authenticates here. */
  @Get()
  describe(@CurrentOrganization() organization: Organization) {
    return this.account.describe(organization);
  }
}
