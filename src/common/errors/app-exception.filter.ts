import { STATUS_CODES } from 'node:http';
import { ArgumentsHost, Catch, ExceptionFilter, HttpException, Logger } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { redactUrl } from '../logging/redact-url.js';
import { AppError } from './app-error.js';
import { ERROR_TABLE, ErrorCode } from './error-code.js';
import { storeOutage } from './store-errors.js';

const STATUS_MESSAGES: Record<number, string> = {
  400: 'The request is malformed.',
  404: 'Not found.',
  405: 'Method not allowed.',
  413: 'The request body is too large.',
  415: 'Unsupported content type.',
};

/** The one place that writes error bodies (decisions.md section 3). Unknown errors are logged and never echoed. */
@Catch()
export class AppExceptionFilter implements ExceptionFilter {
  private readonly logger = new Logger('Errors');

  catch(exception: unknown, host: ArgumentsHost): void {
    const request = host.switchToHttp().getRequest<FastifyRequest>();
    const reply = host.switchToHttp().getResponse<FastifyReply>();
    if (exception instanceof HttpException && exception.getStatus() >= 500 && !reply.sent) {
      // The framework's own 5xx, as terminus's 503 readiness (decisions.md 6): its status, and which dependency is down;
      // never the drivers' messages (internal hosts, database users), which go to the log.
      this.logger.warn(`${request.id} ${exception.getStatus()} ${request.url}: ${JSON.stringify(exception.getResponse())}`);
      void reply.status(exception.getStatus()).send(statusesOnly(exception.getResponse(), exception.getStatus()));
      return;
    }
    const error = this.toAppError(exception, request);
    if (reply.sent || reply.raw?.headersSent) {
      // Part of an answer already left: a second one cannot be written, and the client must not take the cut one as whole.
      this.logger.warn(`${request.id} ${error.code} after the answer began; connection closed`);
      reply.raw.destroy();
      return;
    }
    void sendAppError(reply, error, String(request.id));
  }

  private toAppError(exception: unknown, request: FastifyRequest): AppError {
    if (exception instanceof AppError) {
      if (ERROR_TABLE[exception.code].status >= 500) this.logger.warn(`${request.id} ${exception.code}: ${exception.message}`);
      return exception;
    }
    if (exception instanceof HttpException) return this.fromHttpException(exception);
    const outage = storeOutage(exception);
    if (outage) {
      this.logger.warn(`${request.id} ${outage.code}: ${(exception as Error).message}`);
      return outage;
    }
    const fastifyStatus = (exception as { statusCode?: number })?.statusCode;
    if (typeof fastifyStatus === 'number' && fastifyStatus >= 400 && fastifyStatus < 500) {
      return this.fromStatus(fastifyStatus, (exception as Error).message);
    }
    this.logger.error({ err: exception, requestId: request.id }, `unhandled error on ${request.method} ${redactUrl(request.url)}`);
    return new AppError(ErrorCode.InternalError, 'Something went wrong on our side.');
  }

  private fromHttpException(exception: HttpException): AppError {
    return this.fromStatus(exception.getStatus(), exception.message);
  }

  private fromStatus(status: number, detail: string): AppError {
    if (status === 401) return AppError.unauthorized();
    if (status === 404) return AppError.notFound(STATUS_MESSAGES[404]);
    if (status === 405) return new AppError(ErrorCode.MethodNotAllowed, STATUS_MESSAGES[405]);
    if (status === 413) return new AppError(ErrorCode.PayloadTooLarge, STATUS_MESSAGES[413]);
    if (status === 400 || status === 415 || status === 422) return AppError.field('body', detail || STATUS_MESSAGES[400]);
    // Any other client error is about the request as sent: a 422 naming the request.
    return AppError.field('request', STATUS_MESSAGES[status] ?? detail);
  }
}

/** Writes `error` as decisions.md section 3 has it: the filter's answer, and the one of hooks that answer before any route. */
export function sendAppError(reply: FastifyReply, error: AppError, requestId: string): FastifyReply {
  const row = ERROR_TABLE[error.code];
  if (error.details.retryAfterSeconds !== undefined) reply.header('Retry-After', String(error.details.retryAfterSeconds));
  reply.header('X-Error-Code', error.code);
  // Always JSON, whatever the route had set for its success (text for /metrics, HTML for the dashboard).
  reply.header('Content-Type', 'application/json; charset=utf-8');
  if (row.body === 'message') {
    return reply.status(row.status).send(error.details.errors ? { message: error.message, errors: error.details.errors } : { message: error.message });
  }
  return reply.status(row.status).send({ error: { code: error.code, message: error.message, request_id: requestId, billed: false } });
}

/**
 * A framework 5xx's body with each dependency reduced to its status: terminus's `{status, info, error, details}` keeps
 * its shape (`error: {redis: {status: 'down'}}`); any other body is its status's text alone (HTTP's own words).
 */
function statusesOnly(body: unknown, status: number): object {
  if (typeof body !== 'object' || body === null || !('status' in body)) return { message: STATUS_CODES[status] ?? 'Server error' };
  const checks = body as Record<string, unknown>;
  const reduced = (group: unknown) => Object.fromEntries(Object.entries((group ?? {}) as Record<string, { status?: unknown }>).map(([name, check]) => [name, { status: check?.status }]));
  return { status: checks.status, info: reduced(checks.info), error: reduced(checks.error), details: reduced(checks.details) };
}
