import { Injectable } from '@nestjs/common';
import { MAX_DISCOVERY_LINKS } from '../../infra/content/links.js';
import { AppError } from '../../common/errors/app-error.js';
import { ErrorCode } from '../../common/errors/error-code.js';
import type { AppConfig } from '../../config/app-config.js';
import { InjectConfig } from '../../config/config.module.js';
import { ROBOTS_MAX_BYTES, type RobotsAnswer } from '../../infra/discovery/robots.js';
import { NetworkPolicy } from '../../infra/network/network-policy.js';
import { ProxyPoolService } from '../../infra/proxy/proxy-pool.service.js';
import { nothingRead, routeFetch, type RouteFetchAnswer } from '../../infra/proxy/route-fetch.js';
import { crawlPrice } from '../billing/price-table.js';
import type { JobFailure } from '../jobs/job-finish.js';
import type { JobOutput, JobView, Operation, RouteRequest, TaskContext } from '../jobs/operation.js';
import { MeteredOperation } from '../jobs/operation-registry.js';
import { billingFields, jobFields } from '../jobs/page-envelope.js';
import { pageContentWork } from '../jobs/page-content-work.js';
import { readNavigatedPage } from '../jobs/page-size.js';
import { pageReading } from '../jobs/page-result.js';
import { AS_SERVED } from '../../infra/content/page-reading.js';
import { discoverSite, type MapSources } from './map-discovery.js';
import type { MapRequest } from './map-request.js';

const SITEMAP_ACCEPT = 'application/xml, text/xml;q=0.9, text/plain;q=0.8, */*;q=0.5';

/** The time kept for a sitemap's read and the answer after the last sitemap a Crawl-delay lets start. */
const SITEMAP_READ_MARGIN_MS = 10_000;

/**
 * GET /map (decisions.md 9.2): a site's URLs from its sitemaps and its start page's links, priced as a GET /crawl of
 * the start page. robots.txt and the sitemaps are read here, in the worker, through the job's proxy route, for free.
 */
@Injectable()
@MeteredOperation()
export class MapOperation implements Operation<MapRequest> {
  readonly kind = 'map';
  readonly repeatable = true;
  readonly dailyLimited = false;

  constructor(
    @InjectConfig() private readonly config: AppConfig,
    private readonly policy: NetworkPolicy,
    private readonly proxies: ProxyPoolService,
  ) {}

  price(options: MapRequest): number {
    const { route, page } = options;
    return crawlPrice(this.config.pricing, { tier: route.tier, js: page.js, images: page.images, aiQuery: false, city: route.city !== null });
  }

  route(options: MapRequest): RouteRequest {
    return options.route;
  }

  target(options: MapRequest): string {
    return options.url;
  }

  async run(ctx: TaskContext, options: MapRequest): Promise<JobOutput> {
    let target: { status: number; finalUrl: string } | undefined;
    const sources = this.sources(ctx, options, (page) => (target = page));
    const data = await discoverSite(options, sources);
    return { type: 'data', data, ...(target ? { targetStatus: target.status, finalUrl: target.finalUrl } : {}) };
  }

  /** The robots.txt refusal of the start URL is the caller's 422, refunded (the worker refunds it before the job ends). */
  refusal(error: JobFailure): AppError | null {
    return error.code === ErrorCode.Validation ? AppError.field('url', error.message) : null;
  }

  envelope(view: JobView<MapRequest>): object {
    const { options } = view;
    return {
      url: options.url,
      domain: new URL(options.url).hostname.toLowerCase(),
      ...billingFields(view),
      ...jobFields(view),
      data: view.output?.type === 'data' ? view.output.data : null,
    };
  }

  private sources(ctx: TaskContext, options: MapRequest, onPage: (page: { status: number; finalUrl: string }) => void): MapSources {
    const { signal } = ctx;
    const fetch = (url: string, maxBytes: number, accept: string): Promise<RouteFetchAnswer> =>
      routeFetch(ctx.route, url, {
        // robots.txt and sitemaps read only a non-2xx answer's status: its body is never read (9.1's 50 MiB).
        maxBytes, otherStatusMaxBytes: 0, signal, policy: this.policy, accept, userAgent: options.page.userAgent ?? this.config.robotsUserAgent,
        onProxyFault: (route, reason, fault) => this.proxies.reportFault(route, reason, fault),
      })
        .catch((error: unknown) => {
          throw signal.aborted ? new AppError(ErrorCode.NavigationTimeout, 'The map ran past its time limit.') : error;
        });
    return {
      robotsToken: this.config.robotsUserAgent,
      // A sitemap whose Crawl-delay turn comes this close to the job's deadline is left out: its read could not end in time.
      deadline: ctx.deadline - SITEMAP_READ_MARGIN_MS,
      robots: async (url): Promise<RobotsAnswer> => {
        const answer = await fetch(url, ROBOTS_MAX_BYTES, 'text/plain').catch(nothingRead);
        return answer === null ? 'unreachable' : { status: answer.status, body: answer.body.toString('utf8') };
      },
      sitemap: (url, maxBytes) => fetch(url, maxBytes, SITEMAP_ACCEPT).catch(nothingRead),
      pageLinks: async () => {
        // A start URL that answers a PDF or a download is read as GET /crawl reads it (decisions.md 9.2, 9.5): no
        // page of links, its sitemaps still listed; asked as a page, Chromium would abort it (target_unreachable).
        const page = await ctx.withPage({ ...options.page, documents: true }, async (session) => {
          const navigation = await session.goto(options.url);
          session.assertNotBlocked();
          if (navigation.document) return { html: '', status: navigation.status, finalUrl: navigation.finalUrl, reading: AS_SERVED };
          const read = await readNavigatedPage(session.page, navigation, options.page.js, ctx.config.maxPageBytes);
          // Parsed as a site crawl parses it (pageReading): a text body is text, scripted <noscript> content is text.
          return { html: read.html, status: navigation.status, finalUrl: navigation.finalUrl, reading: pageReading(read) };
        });
        onPage(page);
        // More than a page's 1,000 links of 8.1: the 1,000 taken are counted once in scope (9.1, map-discovery.ts).
        const links = await pageContentWork({ kind: 'links', html: page.html, url: page.finalUrl, max: MAX_DISCOVERY_LINKS, reading: page.reading }, { deadline: ctx.deadline, maxBytes: ctx.config.maxPageBytes, signal: ctx.signal });
        return links.map((link) => link.url);
      },
    };
  }
}
