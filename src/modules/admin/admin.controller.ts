import { Body, Controller, Delete, Get, Headers, HttpCode, Param, Patch, Post, Query, UseGuards } from '@nestjs/common';
import { validateDto } from '../../common/validation/validate-dto.js';
import { AdminGuard } from '../auth/admin.guard.js';
import { CreateOrganizationDto } from './dto/create-organization.dto.js';
import { CreateUserDto } from './dto/create-user.dto.js';
import { GrantCreditsDto } from './dto/grant-credits.dto.js';
import { parseIdempotencyKey } from './idempotency-key.js';
import { UpdateOrganizationDto } from './dto/update-organization.dto.js';
import { UsageQueryDto } from './dto/usage-query.dto.js';
import { OrganizationReportsService } from './organization-reports.service.js';
import { OrganizationsService } from './organizations.service.js';
import { usageRange } from './usage-range.js';

/** decisions.md section 4: every route answers 401 without `Authorization: Bearer <ADMIN_TOKEN>`. */
@Controller('admin')
@UseGuards(AdminGuard)
export class AdminController {
  constructor(
    private readonly organizations: OrganizationsService,
    private readonly reports: OrganizationReportsService,
  ) {}

  @Post('organizations')
  @HttpCode(201)
  createOrganization(@Body() body: unknown) {
    return this.organizations.createOrganization(validateDto(CreateOrganizationDto, body));
  }

  @Get('organizations/:id')
  getOrganization(@Param('id') id: string) {
    return this.organizations.getOrganization(id);
  }

  @Patch('organizations/:id')
  updateOrganization(@Param('id') id: string, @Body() body: unknown) {
    return this.organizations.updateOrganization(id, validateDto(UpdateOrganizationDto, body));
  }

  @Post('organizations/:id/api-keys')
  @HttpCode(201)
  createApiKey(@Param('id') id: string) {
    return this.organizations.createApiKey(id);
  }

  @Delete('api-keys/:id')
  @HttpCode(204)
  revokeApiKey(@Param('id') id: string): Promise<void> {
    return this.organizations.revokeApiKey(id);
  }

  @Post('organizations/:id/credits')
  @HttpCode(201)
  grantCredits(@Param('id') id: string, @Body() body: unknown, @Headers('idempotency-key') idempotencyKey?: string) {
    return this.organizations.grantCredits(id, validateDto(GrantCreditsDto, body), parseIdempotencyKey(idempotencyKey));
  }

  @Get('organizations/:id/ledger')
  ledger(@Param('id') id: string) {
    return this.reports.ledger(id);
  }

  @Get('organizations/:id/usage')
  usage(@Param('id') id: string, @Query() query: unknown) {
    return this.reports.days(id, usageRange(validateDto(UsageQueryDto, query ?? {})));
  }

  @Post('users')
  @HttpCode(201)
  createUser(@Body() body: unknown) {
    return this.organizations.createUser(validateDto(CreateUserDto, body));
  }
}
