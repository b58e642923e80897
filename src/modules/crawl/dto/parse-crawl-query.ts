import { AppError, isAppError } from '../../../common/errors/app-error.js';
import { ErrorCode } from '../../../common/errors/error-code.js';
import type { NetworkPolicy } from '../../../infra/network/network-policy.js';
import { parsePageQuery } from '../../jobs/dto/parse-page-query.js';
import type { CrawlRequest } from '../crawl-data.js';
import { parseStructuredParams } from './extract-param.js';

/** GET /crawl: the shared page parameters, `extract` and `ai_schema`; one 422 names every bad parameter. */
export function parseCrawlQuery(query: Record<string, unknown>, policy: NetworkPolicy): CrawlRequest {
  const structured = parseStructuredParams(query ?? {});
  const hasErrors = Object.keys(structured.errors).length > 0;
  try {
    const page = parsePageQuery(query, policy, { images: false });
    if (hasErrors) throw AppError.validation(structured.errors);
    return { ...page, ...structured.request };
  } catch (error) {
    if (hasErrors && isAppError(error) && error.code === ErrorCode.Validation && error.details.errors !== structured.errors) {
      throw AppError.validation({ ...error.details.errors, ...structured.errors });
    }
    throw error;
  }
}
