import { Module } from '@nestjs/common';
import { AdminGuard } from './admin.guard.js';
import { ApiKeyRepository } from './api-key.repository.js';
import { AuthService } from './auth.service.js';
import { OrgKeyGuard } from './org-key.guard.js';
import { OrganizationRepository } from './organization.repository.js';
import { UserRepository } from './user.repository.js';

@Module({
  providers: [AuthService, ApiKeyRepository, UserRepository, OrganizationRepository, OrgKeyGuard, AdminGuard],
  exports: [AuthService, ApiKeyRepository, UserRepository, OrganizationRepository, OrgKeyGuard, AdminGuard],
})
export class AuthModule {}
