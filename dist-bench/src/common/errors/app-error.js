import { ErrorCode } from './error-code.js';
/** The only error services throw; the global filter turns it into the body of decisions.md section 3. */
export class AppError extends Error {
    code;
    details;
    constructor(code, message, details = {}) {
        super(message);
        this.code = code;
        this.details = details;
        this.name = 'AppError';
    }
    static validation(errors) {
        const first = Object.entries(errors)[0];
        const message = first ? `${first[0]}: ${first[1][0]}` : 'The request is invalid.';
        return new AppError(ErrorCode.Validation, message, { errors });
    }
    static field(param, message) {
        return AppError.validation({ [param]: [message] });
    }
    static unauthorized(message = 'A valid organization API key is required.') {
        return new AppError(ErrorCode.Unauthorized, message);
    }
    static notFound(message = 'No such job.') {
        return new AppError(ErrorCode.NotFound, message);
    }
}
export function isAppError(error) {
    return error instanceof AppError;
}
