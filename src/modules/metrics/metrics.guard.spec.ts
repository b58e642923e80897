import { describe, expect, it } from '@jest/globals';
import type { ExecutionContext } from '@nestjs/common';
import { loadConfig } from '../../config/app-config.js';
import { MetricsGuard } from './metrics.guard.js';

const asking = (authorization?: string) =>
  ({ switchToHttp: () => ({ getRequest: () => ({ headers: authorization === undefined ? {} : { authorization } }) }) }) as unknown as ExecutionContext;
const guard = (env: Record<string, string>) => new MetricsGuard(loadConfig(env));

describe('MetricsGuard', () => {
  it('takes ADMIN_TOKEN or the scrape-only METRICS_TOKEN as the bearer', () => {
    const both = guard({ ADMIN_TOKEN: 'admin-secret', METRICS_TOKEN: 'scrape-secret' });
    expect(both.canActivate(asking('Bearer admin-secret'))).toBe(true);
    expect(both.canActivate(asking('Bearer scrape-secret'))).toBe(true);
    expect(guard({ METRICS_TOKEN: 'scrape-secret' }).canActivate(asking('Bearer scrape-secret'))).toBe(true);
  });

  it('answers 401 for a missing, malformed or wrong token', () => {
    const both = guard({ ADMIN_TOKEN: 'admin-secret', METRICS_TOKEN: 'scrape-secret' });
    for (const header of [undefined, 'Basic c2NyYXBlLXNlY3JldA==', 'Bearer ', 'Bearer scrape-secreT']) {
      expect(() => both.canActivate(asking(header))).toThrow(expect.objectContaining({ code: 'unauthorized' }));
    }
  });

  it('is off (401, whatever the token) when neither token is configured, as the admin API is without ADMIN_TOKEN', () => {
    expect(() => guard({}).canActivate(asking('Bearer anything'))).toThrow(expect.objectContaining({ code: 'unauthorized', message: 'Metrics are off: neither ADMIN_TOKEN nor METRICS_TOKEN is set.' }));
  });
});
