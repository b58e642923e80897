import { CanActivate, ExecutionContext, Injectable } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import type { AppConfig } from '../../config/app-config.js';
import { InjectConfig } from '../../config/config.module.js';
import { AppError } from '../../common/errors/app-error.js';
import { bearerToken } from './org-key.guard.js';
import { safeEqual } from './secrets.js';

/** The admin API: `Authorization: Bearer <ADMIN_TOKEN>`; switched off (401) when ADMIN_TOKEN is unset. */
@Injectable()
export class AdminGuard implements CanActivate {
  constructor(@InjectConfig() private readonly config: AppConfig) {}

  canActivate(context: ExecutionContext): boolean {
    const token = bearerToken(context.switchToHttp().getRequest<FastifyRequest>());
    if (!this.config.adminToken || !token || !safeEqual(token, this.config.adminToken)) {
      throw AppError.unauthorized('A valid admin token is required.');
    }
    return true;
  }
}
