import { Module } from '@nestjs/common';
import { SqlProgramRunner } from '../../infra/database/sql-program.js';
import { AdminGuard } from './admin.guard.js';
import { ApiKeyRepository } from './api-key.repository.js';
import { AuthService } from './auth.service.js';
import { OrgKeyGuard } from './org-key.guard.js';
import { OrganizationRepository } from './organization.repository.js';
import { UserRepository } from './user.repository.js';

/** Provides the SqlProgramRunner to every module above it (billing, jobs): the key lookup is plain SQL too. */
@Module({
  providers: [SqlProgramRunner, AuthService, ApiKeyRepository, UserRepository, OrganizationRepository, OrgKeyGuard, AdminGuard],
  exports: [SqlProgramRunner, AuthService, ApiKeyRepository, UserRepository, OrganizationRepository, OrgKeyGuard, AdminGuard],
})
export class AuthModule {}
