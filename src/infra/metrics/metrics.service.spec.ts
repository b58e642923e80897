import { describe, expect, it } from '@jest/globals';
import { MetricsService } from './metrics.service.js';

async function sample(metrics: MetricsService, line: string): Promise<number | undefined> {
  const found = (await metrics.text()).split('\n').find((text) => text.startsWith(`${line} `));
  return found === undefined ? undefined : Number(found.slice(line.length + 1));
}

describe('MetricsService', () => {
  it('keeps one registry per instance, so two apps in one process never collide', async () => {
    const [a, b] = [new MetricsService(), new MetricsService()];
    a.creditsCharged(5);
    expect([await sample(a, 'crawlgate_credits_charged_total'), await sample(b, 'crawlgate_credits_charged_total')]).toEqual([5, 0]);
  });

  it('counts a job by kind and outcome, a failure by code, and observes its duration', async () => {
    const metrics = new MetricsService();
    metrics.jobEnded('crawl', 'done', Date.now() - 1500);
    metrics.jobEnded('crawl', 'failed', Date.now(), 'navigation_timeout');
    metrics.jobEnded('chat', 'failed', null, 'browser_crashed');
    expect(await sample(metrics, 'crawlgate_jobs_total{kind="crawl",outcome="done"}')).toBe(1);
    expect(await sample(metrics, 'crawlgate_job_failures_total{kind="crawl",code="navigation_timeout"}')).toBe(1);
    expect(await sample(metrics, 'crawlgate_job_failures_total{kind="chat",code="browser_crashed"}')).toBe(1);
    expect(await sample(metrics, 'crawlgate_job_duration_seconds_count{kind="crawl"}')).toBe(2);
    expect(await sample(metrics, 'crawlgate_job_duration_seconds_bucket{le="1",kind="crawl"}')).toBe(1);
    expect(await sample(metrics, 'crawlgate_job_duration_seconds_count{kind="chat"}')).toBeUndefined();
  });

  it('follows a count kept elsewhere without counting twice, and counts again from its own zero after its reset', async () => {
    const metrics = new MetricsService();
    let launched = 2;
    metrics.followCounter('crawlgate_test_launches_total', 'test', () => launched);
    expect(await sample(metrics, 'crawlgate_test_launches_total')).toBe(2);
    expect(await sample(metrics, 'crawlgate_test_launches_total')).toBe(2);
    launched = 3;
    expect(await sample(metrics, 'crawlgate_test_launches_total')).toBe(3);
    // A new pool counts from 0: its one launch adds to the three before, and so do its later ones.
    launched = 1;
    expect(await sample(metrics, 'crawlgate_test_launches_total')).toBe(4);
    expect(await sample(metrics, 'crawlgate_test_launches_total')).toBe(4);
    launched = 3;
    expect(await sample(metrics, 'crawlgate_test_launches_total')).toBe(6);
  });

  it('reads a gauge at scrape time', async () => {
    const metrics = new MetricsService();
    let open = 0;
    metrics.gauge('crawlgate_test_open', 'test', [], (gauge) => gauge.set(open));
    open = 4;
    expect(await sample(metrics, 'crawlgate_test_open')).toBe(4);
  });

  it('shows crawlgate_webhooks_dropped_total{event="site.page"} at 0 before any drop', async () => {
    const metrics = new MetricsService();
    expect(await metrics.registry.metrics()).toContain('crawlgate_webhooks_dropped_total{event="site.page"} 0');
  });
});
