import { Readable } from 'node:stream';
import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post, StreamableFile, UseGuards } from '@nestjs/common';
import { ApiAdmin } from '../../common/openapi/api-docs.js';
import { NoQuery, QueryOf } from '../../common/validation/query-of.js';
import { assertNoFields, validateDto } from '../../common/validation/validate-dto.js';
import { AdminGuard } from '../auth/admin.guard.js';
import { CreateOrganizationDto } from './dto/create-organization.dto.js';
import { CreateUserDto } from './dto/create-user.dto.js';
import { GrantCreditsDto } from './dto/grant-credits.dto.js';
import { IdempotencyKeyOf } from './idempotency-key.js';
import { UpdateOrganizationDto } from './dto/update-organization.dto.js';
import { UsageQueryDto } from './dto/usage-query.dto.js';
import { OrganizationReportsService } from './organization-reports.service.js';
import { OrganizationsService } from './organizations.service.js';

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
  @ApiAdmin({ summary: 'Create an organization with its first API key', status: 201, schema: 'CreatedOrganization', body: 'CreateOrganizationBody' })
  createOrganization(@Body() body: unknown, @QueryOf(NoQuery) _query: NoQuery) {
    return this.organizations.createOrganization(validateDto(CreateOrganizationDto, body));
  }

  @Get('organizations/:id')
  @ApiAdmin({ summary: 'An organization', status: 200, schema: 'Organization', notFound: true })
  getOrganization(@Param('id') id: string, @QueryOf(NoQuery) _query: NoQuery) {
    return this.organizations.getOrganization(id);
  }

  @Patch('organizations/:id')
  @ApiAdmin({ summary: 'Change plan, concurrency or daily limit', status: 200, schema: 'Organization', body: 'UpdateOrganizationBody', notFound: true })
  updateOrganization(@Param('id') id: string, @Body() body: unknown, @QueryOf(NoQuery) _query: NoQuery) {
    return this.organizations.updateOrganization(id, validateDto(UpdateOrganizationDto, body));
  }

  @Post('organizations/:id/api-keys')
  @HttpCode(201)
  @ApiAdmin({ summary: 'A new API key, shown once', status: 201, schema: 'ApiKeyCreated', notFound: true })
  createApiKey(@Param('id') id: string, @Body() body: unknown, @QueryOf(NoQuery) _query: NoQuery) {
    assertNoFields(body);
    return this.organizations.createApiKey(id);
  }

  @Delete('api-keys/:id')
  @HttpCode(204)
  @ApiAdmin({ summary: 'Revoke an API key', status: 204, notFound: true })
  revokeApiKey(@Param('id') id: string, @QueryOf(NoQuery) _query: NoQuery): Promise<void> {
    return this.organizations.revokeApiKey(id);
  }

  @Post('organizations/:id/credits')
  @HttpCode(201)
  @ApiAdmin({ summary: 'Grant (or, negative, correct) credits', status: 201, schema: 'CreditGrant', body: 'GrantCreditsBody', notFound: true, idempotent: true })
  grantCredits(@Param('id') id: string, @Body() body: unknown, @QueryOf(NoQuery) _query: NoQuery, @IdempotencyKeyOf() idempotencyKey: string | null) {
    return this.organizations.grantCredits(id, validateDto(GrantCreditsDto, body), idempotencyKey);
  }

  @Get('organizations/:id/ledger')
  @ApiAdmin({ summary: 'Ledger entries, newest first', status: 200, schema: 'Ledger', notFound: true })
  async ledger(@Param('id') id: string, @QueryOf(NoQuery) _query: NoQuery) {
    return new StreamableFile(Readable.from(await this.reports.ledger(id)), { type: 'application/json; charset=utf-8' });
  }

  @Get('organizations/:id/usage')
  @ApiAdmin({ summary: 'Usage per day and host (from, to: YYYY-MM-DD; default the current month; to alone: from its first day of month)', status: 200, schema: 'Usage', notFound: true, query: UsageQueryDto })
  usage(@Param('id') id: string, @QueryOf(UsageQueryDto) query: UsageQueryDto) {
    return this.reports.days(id, query);
  }

  @Post('users')
  @HttpCode(201)
  @ApiAdmin({ summary: 'A dashboard user; its token is not an API key', status: 201, schema: 'UserCreated', body: 'CreateUserBody', notFound: true })
  createUser(@Body() body: unknown, @QueryOf(NoQuery) _query: NoQuery) {
    return this.organizations.createUser(validateDto(CreateUserDto, body));
  }
}
