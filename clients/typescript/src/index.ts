import createClient from 'openapi-fetch';
import type { Client, ClientOptions } from 'openapi-fetch';
import type { paths } from './schema.js';

export type { components, operations, paths } from './schema.js';

/** Every route of the service, typed from its OpenAPI document. */
export type CrawlgateClient = Client<paths>;

export interface CrawlgateOptions extends Omit<ClientOptions, 'baseUrl'> {
  /** Where the service listens, e.g. `http://127.0.0.1:3000`. */
  readonly baseUrl: string;
  /** The organization API key, sent as `Authorization: Bearer` on every request. */
  readonly apiKey: string;
}

export function createCrawlgateClient({ baseUrl, apiKey, headers, ...options }: CrawlgateOptions): CrawlgateClient {
  return createClient<paths>({ ...options, baseUrl, headers: { ...(headers as Record<string, string> | undefined), authorization: `Bearer ${apiKey}` } });
}
