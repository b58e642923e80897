import { Injectable } from '@nestjs/common';
import { withFallback } from '../../common/time/deadline.js';
import type { Job } from '../../infra/database/entities/index.js';
import { copyCacheFacts, MeteredAnswer, withCacheFacts } from '../../common/http/metered-answer.js';
import { JobEventsService } from './job-events.service.js';
import { JobHeartbeat } from './job-heartbeat.js';
import { JobLine } from './job-line.service.js';
import { JobRepository } from './job.repository.js';
import type { JobOutput, JobView, Operation } from './operation.js';

const DEBUG_WAIT_MS = 3000;
/**
 * A metered 202 waits this long at most for its capture: past it, nothing to show yet (null), as the spec allows. Its
 * capture is asked for ahead of the 202 (captureAhead), since a worker in another process takes longer than this.
 */
const METERED_DEBUG_WAIT_MS = 1000;

/** Turns a job row (and its result, position or live capture) into the answer of its operation. */
@Injectable()
export class JobViewService {
  constructor(
    private readonly jobs: JobRepository,
    private readonly events: JobEventsService,
    private readonly heartbeat: JobHeartbeat,
    private readonly line: JobLine,
  ) {}

  /** A running job's capture, asked for now for a metered 202 to come (answer's `ahead`); null when there is none. */
  captureAhead(jobId: string): Promise<object | null> {
    return this.liveCapture(jobId, DEBUG_WAIT_MS).catch(() => null);
  }

  /**
   * `output`: the job's output when the caller read it with the row (getWithOutput); else it is read here if needed.
   * `ahead`: a metered 202's capture, asked for before it (captureAhead).
   */
  async answer(operation: Operation, job: Job, billing: JobView<unknown>['billing'], output?: JobOutput | null, ahead?: Promise<object | null>): Promise<MeteredAnswer> {
    const options = JSON.parse(job.options) as unknown;
    if (job.status === 'done' && output === undefined) output = await this.jobs.output(job);
    const answer = await this.view(operation, job, options, billing, output ?? null, ahead);
    // decisions.md 9.6: a collected answer says how it was answered, as the request's own answer did: a hit (from its
    // copy's time) or a miss (fetched, or still fetching).
    if (billing !== null || !operation.saysCache || answer.status === 500) return answer;
    const fetchedAt = answer.status === 200 ? output?.copyFetchedAt : undefined;
    return withCacheFacts(answer, fetchedAt === undefined ? { hit: false } : copyCacheFacts(fetchedAt));
  }

  private async view(
    operation: Operation, job: Job, options: unknown, billing: JobView<unknown>['billing'], output: JobOutput | null, ahead?: Promise<object | null>,
  ): Promise<MeteredAnswer> {
    const collected = billing === null;
    const facts = { jobId: job.id, billing };
    const base = { job, options, billing, collected };
    if (job.status === 'done') {
      if (output?.type === 'page') {
        return new MeteredAnswer(200, { page: output.body, mediaType: output.mediaType }, { ...facts, target: { status: output.targetStatus, finalUrl: output.finalUrl } });
      }
      // An envelope made from a fetched page (output=json, ai_query, a screenshot) says the page's status and URL as a bare page does.
      const target = output?.targetStatus !== undefined && output.finalUrl ? { target: { status: output.targetStatus, finalUrl: output.finalUrl } } : {};
      return new MeteredAnswer(200, { json: operation.envelope({ ...base, output, error: null, position: null, debug: null }) }, { ...facts, ...target });
    }
    // A cancelled job is collected as a failed one (decisions 9.4): 500, its envelope, `error`.
    if (job.status === 'failed' || job.status === 'cancelled') {
      const error = { code: job.errorCode ?? 'internal_error', message: job.errorMessage ?? 'The job failed.' };
      const refusal = operation.refusal?.(error);
      if (refusal) throw refusal;
      return new MeteredAnswer(500, { json: operation.envelope({ ...base, output: null, error, position: null, debug: null }) }, { ...facts, errorCode: error.code });
    }
    const position = job.status === 'queued' ? await this.line.position(job.id) : null;
    // The spec's debug is present on any running job: a poll's, and the metered 202's, which waits less for it.
    const debug = job.status !== 'running' ? null : ahead ? await withFallback(ahead, METERED_DEBUG_WAIT_MS, null) : await this.liveCapture(job.id, collected ? DEBUG_WAIT_MS : METERED_DEBUG_WAIT_MS);
    return new MeteredAnswer(202, { json: operation.envelope({ ...base, output: null, error: null, position, debug }) }, facts);
  }

  /** Only a job whose worker still beats is asked for a capture: a dead worker would leave the poll waiting. */
  private async liveCapture(jobId: string, waitMs: number): Promise<object | null> {
    const holder = await this.heartbeat.liveHolder(jobId);
    return holder ? this.events.requestDebug(jobId, holder, waitMs) : null;
  }
}
