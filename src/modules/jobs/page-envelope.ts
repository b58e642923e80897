import type { PageRequest } from './dto/page-request.js';
import type { JobView } from './operation.js';

/**
 * The crawl envelope of the spec (also used by recipes): url, domain, premium, js, ai_query, city, data (with
 * output=json also content, metadata, links), credits, job fields. Credits appear on metered answers only.
 */
export function pageEnvelope(
  view: JobView<PageRequest>,
  /** `city`: how the envelope echoes the route's city (the crawl envelope only), given the city as parsed. */
  shape: { city?: (route: PageRequest['route']) => string; result: (output: unknown) => Record<string, unknown> },
): Record<string, unknown> {
  const { options } = view;
  const output = view.output?.type === 'data' ? view.output.data : null;
  return {
    url: options.url,
    domain: new URL(options.url).hostname.toLowerCase(),
    premium: options.route.tier === 'premium',
    js: options.page.js,
    ai_query: options.aiQuery,
    ...(shape.city ? { city: options.route.city ? shape.city(options.route) : '' } : {}),
    ...(view.error ? { data: {} } : shape.result(output)),
    ...billingFields(view),
    ...jobFields(view),
  };
}

/** The job's own fields of every envelope: its id, status, place in line, failure and live capture. */
export function jobFields(view: JobView<unknown>): Record<string, unknown> {
  return {
    job_id: view.job.id,
    status: view.job.status,
    position: view.position,
    error: view.error ? view.error.message : null,
    debug: view.debug,
  };
}

export function billingFields(view: JobView<unknown>): Record<string, number> {
  return view.billing ? { credits_charged: view.billing.charged, credits_remaining: view.billing.remaining } : {};
}
