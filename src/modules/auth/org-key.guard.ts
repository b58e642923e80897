import { CanActivate, createParamDecorator, ExecutionContext, Injectable, SetMetadata } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { FastifyRequest } from 'fastify';
import type { Organization } from '../../infra/database/entities/index.js';
import { AuthService } from './auth.service.js';
import { AppError } from '../../common/errors/app-error.js';
import { repeated } from '../../common/validation/single-value.js';

const QUERY_KEY = 'crawlgate:allow-query-key';

/** Metered routes only: the `key` query parameter may stand in for the header (spec, Authentication 3). */
export const AllowQueryKey = () => SetMetadata(QUERY_KEY, true);

export type AuthedRequest = FastifyRequest & { organization?: Organization };

export function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (header === undefined) return undefined;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  return match ? match[1] : '';
}

@Injectable()
export class OrgKeyGuard implements CanActivate {
  constructor(
    private readonly auth: AuthService,
    private readonly reflector: Reflector,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const request = context.switchToHttp().getRequest<AuthedRequest>();
    let token = bearerToken(request);
    if (token === undefined && this.reflector.get<boolean>(QUERY_KEY, context.getHandler())) {
      const key = (request.query as Record<string, unknown>)?.key;
      // Refused as any repeated parameter is (single-valued-query.interceptor.ts), before either value is tried.
      const twice = repeated(key, 'key');
      if (twice) throw AppError.field('key', twice);
      token = typeof key === 'string' ? key : undefined;
    }
    request.organization = await this.auth.organizationFor(token);
    (request.raw as { organizationId?: string }).organizationId = request.organization.id;
    return true;
  }
}

export const CurrentOrganization = createParamDecorator(
  (_: unknown, context: ExecutionContext) => context.switchToHttp().getRequest<AuthedRequest>().organization!,
);
