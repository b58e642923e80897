import { CanActivate, createParamDecorator, ExecutionContext, Injectable, SetMetadata } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { FastifyRequest } from 'fastify';
import type { Organization } from '../../infra/database/entities/index.js';
import { AuthService } from './auth.service.js';
import { lastValue } from '../../common/validation/query-params.js';

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
      // Its last value when repeated, as every query parameter (query-params.ts).
      const key = lastValue({ value: (request.query as Record<string, unknown>)?.key });
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
