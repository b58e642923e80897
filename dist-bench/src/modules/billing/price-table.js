/** GET /crawl: base by pool and JS, + images, + question, all doubled by a city (decisions.md section 1). */
export function crawlPrice(table, input) {
    const base = table.crawl.base[input.tier][input.js ? 'js' : 'noJs'];
    const surcharges = (input.images ? table.crawl.imagesSurcharge : 0) + (input.aiQuery ? table.crawl.aiQuerySurcharge : 0);
    return (base + surcharges) * (input.city ? table.crawl.cityMultiplier : 1);
}
export function flatPrice(table, kind) {
    return table.flat[kind];
}
