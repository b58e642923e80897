import { AppError } from '../../common/errors/app-error.js';
import { ErrorCode } from '../../common/errors/error-code.js';

/** The 402 of a request its balance does not cover: the admission's check and the charge's own say it alike. */
export function insufficientCredits(price: number): AppError {
  return new AppError(ErrorCode.InsufficientCredits, `This request costs ${price} credit${price === 1 ? '' : 's'}; the balance does not cover it.`);
}
