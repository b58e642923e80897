import { ErrorCode } from '../../common/errors/error-code.js';

/**
 * Failures the caller's own recipe or schema causes after the page was fetched and worked on as asked: billed, never
 * refunded (decisions.md section 9 amends 8.2 and 8.3), or a caller could read any page for free by failing a block
 * on purpose. Every other failure on the service's side is refunded.
 */
export const BILLED_FAILURE_CODES: ReadonlySet<string> = new Set([ErrorCode.ActionFailed, ErrorCode.AiInvalidOutput]);

export const isBilledFailure = (code: string | null | undefined): boolean => BILLED_FAILURE_CODES.has(code ?? '');
