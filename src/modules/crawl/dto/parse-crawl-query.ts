import { AppError, isAppError } from '../../../common/errors/app-error.js';
import { ErrorCode } from '../../../common/errors/error-code.js';
import type { NetworkPolicy } from '../../../infra/network/network-policy.js';
import { contentChoice } from '../../jobs/dto/content-query.js';
import { parsePageQuery } from '../../jobs/dto/parse-page-query.js';
import type { CrawlRequest } from '../crawl-data.js';
import { CrawlQuery } from './crawl-query.dto.js';
import type { FreshnessRequest } from '../crawl-data.js';
import { parseStructuredParams } from './extract-param.js';

/** GET /crawl: the shared page parameters, the content ones, `extract` and `ai_schema`; one 422 names every bad one. */
export function parseCrawlQuery(query: Record<string, unknown>, policy: NetworkPolicy): CrawlRequest {
  const structured = parseStructuredParams(query ?? {});
  const hasErrors = Object.keys(structured.errors).length > 0;
  try {
    const parsed = parsePageQuery(query, policy, { images: false }, CrawlQuery);
    if (hasErrors) throw AppError.validation(structured.errors);
    return { ...parsed.request, content: contentChoice(parsed.query), ...structured.request, ...freshness(parsed.query) };
  } catch (error) {
    if (hasErrors && isAppError(error) && error.code === ErrorCode.Validation && error.details.errors !== structured.errors) {
      throw AppError.validation({ ...error.details.errors, ...structured.errors });
    }
    throw error;
  }
}

/** decisions.md 9.6: max_age (default 0: always fetch) and store (default true). */
function freshness(query: CrawlQuery): FreshnessRequest {
  return { maxAge: query.max_age ?? 0, store: query.store ?? true };
}
