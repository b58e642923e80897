/**
 * The crawl envelope of the spec (also used by recipes): url, domain, premium, js, ai_query, city, data, credits,
 * job fields. Credits appear on metered answers only, never on collection.
 */
export function pageEnvelope(view, shape) {
    const { options } = view;
    const output = view.output?.type === 'data' ? view.output.data : null;
    return {
        url: options.url,
        domain: new URL(options.url).hostname.toLowerCase(),
        premium: options.route.tier === 'premium',
        js: options.page.js,
        ai_query: options.aiQuery,
        ...(shape.city ? { city: options.route.city ?? '' } : {}),
        data: view.error ? {} : shape.data(output),
        ...billingFields(view),
        job_id: view.job.id,
        status: view.job.status,
        position: view.position,
        error: view.error ? view.error.message : null,
        debug: view.debug,
    };
}
export function billingFields(view) {
    return view.billing ? { credits_charged: view.billing.charged, credits_remaining: view.billing.remaining } : {};
}
