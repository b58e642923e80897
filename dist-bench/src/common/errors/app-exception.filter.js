var __decorate = (this && this.__decorate) || function (decorators, target, key, desc) {
    var c = arguments.length, r = c < 3 ? target : desc === null ? desc = Object.getOwnPropertyDescriptor(target, key) : desc, d;
    if (typeof Reflect === "object" && typeof Reflect.decorate === "function") r = Reflect.decorate(decorators, target, key, desc);
    else for (var i = decorators.length - 1; i >= 0; i--) if (d = decorators[i]) r = (c < 3 ? d(r) : c > 3 ? d(target, key, r) : d(target, key)) || r;
    return c > 3 && r && Object.defineProperty(target, key, r), r;
};
import { Catch, HttpException, Logger } from '@nestjs/common';
import { AppError } from './app-error.js';
import { ERROR_TABLE, ErrorCode } from './error-code.js';
const STATUS_MESSAGES = {
    400: 'The request is malformed.',
    404: 'Not found.',
    405: 'Method not allowed.',
    413: 'The request body is too large.',
    415: 'Unsupported content type.',
};
/** The one place that writes error bodies (decisions.md section 3). Unknown errors are logged and never echoed. */
let AppExceptionFilter = class AppExceptionFilter {
    logger = new Logger('Errors');
    catch(exception, host) {
        const request = host.switchToHttp().getRequest();
        const reply = host.switchToHttp().getResponse();
        const error = this.toAppError(exception, request);
        const row = ERROR_TABLE[error.code];
        if (error.details.retryAfterSeconds !== undefined)
            reply.header('Retry-After', String(error.details.retryAfterSeconds));
        reply.header('X-Error-Code', error.code);
        if (row.body === 'message') {
            const body = error.details.errors ? { message: error.message, errors: error.details.errors } : { message: error.message };
            void reply.status(row.status).send(body);
            return;
        }
        void reply
            .status(row.status)
            .send({ error: { code: error.code, message: error.message, request_id: String(request.id), billed: false } });
    }
    toAppError(exception, request) {
        if (exception instanceof AppError) {
            if (ERROR_TABLE[exception.code].status >= 500)
                this.logger.warn(`${request.id} ${exception.code}: ${exception.message}`);
            return exception;
        }
        if (exception instanceof HttpException)
            return this.fromHttpException(exception);
        const fastifyStatus = exception?.statusCode;
        if (typeof fastifyStatus === 'number' && fastifyStatus >= 400 && fastifyStatus < 500) {
            return this.fromStatus(fastifyStatus, exception.message);
        }
        this.logger.error({ err: exception, requestId: request.id }, `unhandled error on ${request.method} ${request.url}`);
        return new AppError(ErrorCode.InternalError, 'Something went wrong on our side.');
    }
    fromHttpException(exception) {
        return this.fromStatus(exception.getStatus(), exception.message);
    }
    fromStatus(status, detail) {
        if (status === 401)
            return AppError.unauthorized();
        if (status === 404)
            return AppError.notFound(STATUS_MESSAGES[404]);
        if (status === 400 || status === 415 || status === 422)
            return AppError.field('body', detail || STATUS_MESSAGES[400]);
        // Other client errors keep their status through a validation-shaped body would lie; map to 422 only when it is input.
        return AppError.field('request', STATUS_MESSAGES[status] ?? detail);
    }
};
AppExceptionFilter = __decorate([
    Catch()
], AppExceptionFilter);
export { AppExceptionFilter };
