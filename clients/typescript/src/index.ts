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
  return createClient<paths>({ ...options, baseUrl, headers: withAuthorization(headers, apiKey) });
}

/** The caller's default headers in whichever form openapi-fetch takes (a record, a Headers, pairs), with the key's. */
export function withAuthorization(headers: ClientOptions['headers'], apiKey: string): Headers {
  const merged = new Headers();
  if (headers instanceof Headers || Array.isArray(headers)) {
    new Headers(headers as HeadersInit).forEach((value, name) => merged.set(name, value));
  } else {
    for (const [name, value] of Object.entries(headers ?? {})) {
      if (value !== null && value !== undefined) merged.set(name, Array.isArray(value) ? value.join(', ') : String(value));
    }
  }
  merged.set('authorization', `Bearer ${apiKey}`);
  return merged;
}
