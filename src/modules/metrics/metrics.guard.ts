import { CanActivate, ExecutionContext, Injectable } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import type { AppConfig } from '../../config/app-config.js';
import { InjectConfig } from '../../config/config.module.js';
import { AppError } from '../../common/errors/app-error.js';
import { ErrorCode } from '../../common/errors/error-code.js';
import { bearerToken } from '../auth/org-key.guard.js';
import { safeEqual } from '../auth/secrets.js';

/** GET /metrics: `Authorization: Bearer <ADMIN_TOKEN>`, else 401; without ADMIN_TOKEN the route does not exist (404). */
@Injectable()
export class MetricsGuard implements CanActivate {
  constructor(@InjectConfig() private readonly config: AppConfig) {}

  canActivate(context: ExecutionContext): boolean {
    if (!this.config.adminToken) throw new AppError(ErrorCode.NotFound, 'Not found.');
    const token = bearerToken(context.switchToHttp().getRequest<FastifyRequest>());
    if (!token || !safeEqual(token, this.config.adminToken)) throw AppError.unauthorized('A valid admin token is required.');
    return true;
  }
}
