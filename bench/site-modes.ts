// The two service modes of bench:site: (s) one POST /site crawl, (g) GET /crawl over the same URLs from a client loop.

/** The page options every mode uses (decisions 9.3: a site page is fetched and rendered as GET /crawl would). */
export const PAGE_OPTIONS = { js: 'true', wait_until: 'load', format: 'markdown', main_content: 'false', adblock: 'false' };

export interface ModeResult {
  readonly pages: number;
  readonly seconds: number;
  readonly failures: number;
}

interface SitePage { url: string; error: string | null; duplicate_of: string | null }
interface SiteAnswer { status: string; stop_reason: string | null; pages: SitePage[]; next: string | null }

const pause = (ms: number) => new Promise((done) => setTimeout(done, ms));

/** (s): POST /site, then GET /crawl/{job} following `next` until the crawl has ended; timed from the 202. */
export async function siteCrawl(baseUrl: string, key: string, start: string, limit: number): Promise<ModeResult & { urls: string[] }> {
  const query = new URLSearchParams({ url: start, scope: 'host', sitemap: 'skip', limit: String(limit), ...PAGE_OPTIONS });
  const accepted = await fetch(`${baseUrl}/site?${query}`, { method: 'POST', headers: { authorization: `Bearer ${key}` } });
  if (accepted.status !== 202) throw new Error(`POST /site answered ${accepted.status}: ${await accepted.text()}`);
  const started = performance.now();
  const pages: SitePage[] = [];
  let path: string | null = `/crawl/${((await accepted.json()) as { job_id: string }).job_id}`;
  let last: SiteAnswer | undefined;
  while (path !== null) {
    last = (await (await fetch(`${baseUrl}${path}`, { headers: { authorization: `Bearer ${key}` } })).json()) as SiteAnswer;
    pages.push(...last.pages);
    path = last.next;
    if (path !== null && last.pages.length === 0) await pause(100); // nothing new yet: ask again shortly
  }
  const seconds = (performance.now() - started) / 1000;
  if (last?.status !== 'done') throw new Error(`site crawl ended ${last?.status} (${last?.stop_reason})`);
  const fetched = pages.filter((page) => page.duplicate_of === null);
  const ok = fetched.filter((page) => page.error === null);
  for (const page of fetched) if (page.error !== null) console.log(`(s) ${page.url}: ${page.error}`);
  return { pages: ok.length, seconds, failures: fetched.length - ok.length, urls: ok.map((page) => page.url) };
}

/** (g): `concurrency` client loops sharing the URLs, one GET /crawl (output=json: content, metadata, links) each. */
export async function crawlLoop(baseUrl: string, key: string, urls: readonly string[], concurrency: number): Promise<ModeResult> {
  let next = 0;
  let pages = 0;
  let failures = 0;
  const started = performance.now();
  await Promise.all(Array.from({ length: concurrency }, async () => {
    while (next < urls.length) {
      const query = new URLSearchParams({ url: urls[next++], output: 'json', ...PAGE_OPTIONS });
      const response = await fetch(`${baseUrl}/crawl?${query}`, { headers: { authorization: `Bearer ${key}` } });
      await response.arrayBuffer();
      if (response.status === 200) pages += 1;
      else failures += 1;
    }
  }));
  return { pages, seconds: (performance.now() - started) / 1000, failures };
}
