import { AppError, type FieldErrors } from '../../../src/common/errors/app-error.js';
import { ErrorCode } from '../../../src/common/errors/error-code.js';

/** The field errors of the 422 that `run` throws; any other error is thrown on, and no error at all fails the test. */
export function fieldErrorsOf(run: () => unknown): FieldErrors {
  try {
    run();
  } catch (error) {
    if (error instanceof AppError && error.code === ErrorCode.Validation) return error.details.errors ?? {};
    throw error;
  }
  throw new Error('expected a 422');
}
