import { ErrorCode } from './error-code.js';

export type FieldErrors = Record<string, string[]>;

/** The only error services throw; the global filter turns it into the body of decisions.md section 3. */
export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly details: { errors?: FieldErrors; retryAfterSeconds?: number; cause?: unknown } = {},
  ) {
    super(message);
    this.name = 'AppError';
  }

  static validation(errors: FieldErrors): AppError {
    const first = Object.entries(errors)[0];
    const message = first ? `${first[0]}: ${first[1][0]}` : 'The request is invalid.';
    return new AppError(ErrorCode.Validation, message, { errors });
  }

  static field(param: string, message: string): AppError {
    return AppError.validation({ [param]: [message] });
  }

  static unauthorized(message = 'A valid organization API key is required.'): AppError {
    return new AppError(ErrorCode.Unauthorized, message);
  }

  static notFound(message = 'No such job.'): AppError {
    return new AppError(ErrorCode.NotFound, message);
  }
}

export function isAppError(error: unknown): error is AppError {
  return error instanceof AppError;
}
