import { CanActivate, ExecutionContext, Injectable } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import type { AppConfig } from '../../config/app-config.js';
import { InjectConfig } from '../../config/config.module.js';
import { AppError } from '../../common/errors/app-error.js';
import { bearerToken } from '../auth/org-key.guard.js';
import { safeEqual } from '../auth/secrets.js';

/**
 * GET /metrics: `Authorization: Bearer <ADMIN_TOKEN>` (decisions.md 7.5) or the scrape-only METRICS_TOKEN, else 401;
 * with neither configured it is off, and answers 401 as the admin API does when ADMIN_TOKEN is unset (decisions 4).
 */
@Injectable()
export class MetricsGuard implements CanActivate {
  constructor(@InjectConfig() private readonly config: AppConfig) {}

  canActivate(context: ExecutionContext): boolean {
    const accepted = [this.config.adminToken, this.config.metricsToken].filter((token): token is string => token !== null);
    if (accepted.length === 0) throw AppError.unauthorized('Metrics are off: neither ADMIN_TOKEN nor METRICS_TOKEN is set.');
    const token = bearerToken(context.switchToHttp().getRequest<FastifyRequest>()) || null;
    // Every accepted token is compared, so the time taken does not tell which one came close.
    const matches = accepted.map((candidate) => token !== null && safeEqual(token, candidate));
    if (!matches.includes(true)) throw AppError.unauthorized('A valid admin or metrics token is required.');
    return true;
  }
}
