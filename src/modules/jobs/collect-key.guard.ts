import { CanActivate, createParamDecorator, ExecutionContext, Injectable } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { JOB_ID_PATTERN } from '../../common/validation/job-id-pattern.js';
import { AuthService } from '../auth/auth.service.js';
import { bearerToken } from '../auth/org-key.guard.js';
import { CollectedJob, JobRepository } from './job.repository.js';

const JOB_ID = new RegExp(JOB_ID_PATTERN);

type CollectRequest = FastifyRequest & { collected?: CollectedJob['found'] };

/**
 * GET /crawl/{job}'s authentication: the key and the job in ONE query, as collection is free and unlimited. The
 * header only: the `key` query never authenticates here (decisions.md 3). A guard, so a missing or dead key is 401
 * before the query's validation, as on every organization route.
 */
@Injectable()
export class CollectKeyGuard implements CanActivate {
  constructor(
    private readonly auth: AuthService,
    private readonly jobs: JobRepository,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const request = context.switchToHttp().getRequest<CollectRequest>();
    const jobId = (request.params as { job?: string }).job ?? '';
    // A malformed id is looked up as '' (no job has it): the key is still checked, then the answer is 404.
    const collected = await this.auth.withKey(bearerToken(request), (hash) => this.jobs.collectByKey(hash, JOB_ID.test(jobId) ? jobId : ''));
    (request.raw as { organizationId?: string }).organizationId = collected.organizationId;
    request.collected = collected.found;
    return true;
  }
}

/** The job (and output) CollectKeyGuard read for this request; null when the organization has no such job. */
export const CollectedJobOf = createParamDecorator(
  (_: unknown, context: ExecutionContext) => context.switchToHttp().getRequest<CollectRequest>().collected ?? null,
);
