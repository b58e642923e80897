import type { NetworkPolicy } from '../../../infra/network/network-policy.js';
import { contentChoice } from '../../jobs/dto/content-query.js';
import { parsePageQuery } from '../../jobs/dto/parse-page-query.js';
import type { PageRequest } from '../../jobs/dto/page-request.js';
import { CrawlQuery } from './crawl-query.dto.js';

/** GET /crawl: the shared page parameters and the content ones. */
export function parseCrawlQuery(query: unknown, policy: NetworkPolicy): PageRequest {
  const parsed = parsePageQuery(query, policy, { images: false }, CrawlQuery);
  return { ...parsed.request, content: contentChoice(parsed.query) };
}
