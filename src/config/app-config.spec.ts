import { describe, expect, it } from '@jest/globals';
import { ConfigError, loadConfig } from './app-config.js';

const problemsOf = (env: NodeJS.ProcessEnv): string[] => {
  try {
    loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  return [];
};

describe('loadConfig', () => {
  it('gives the documented defaults and a frozen object', () => {
    const config = loadConfig({});
    expect(config.http).toEqual({ port: 3000, host: '0.0.0.0' });
    expect(config.role).toBe('all');
    expect([config.runsApi, config.runsWorker]).toEqual([true, true]);
    expect(config.syncWaitMs).toBe(30000);
    expect(config.proxyPools).toBeNull();
    expect(config.llm).toBeNull();
    expect(config.screenshot).toEqual({ maxHeight: 20000, quality: 80 });
    expect(Object.isFrozen(config.plans.free)).toBe(true);
    expect(() => ((config as { role: string }).role = 'api')).toThrow(TypeError);
  });

  it('keeps BROWSER_CONCURRENCY jobs at once and half as many spare tabs again, rounded up', () => {
    const tabs = ['1', '2', '3', '4'].map((value) => loadConfig({ BROWSER_CONCURRENCY: value }).browser);
    expect(tabs.map(({ concurrency, tabs: open }) => [concurrency, open])).toEqual([[1, 2], [2, 3], [3, 5], [4, 6]]);
    expect(loadConfig({}).browser).toMatchObject({ concurrency: 4, tabs: 6 });
  });

  it('keeps BROWSER_SPARE_TABS spares when told (0: a job may wait for a wipe, and no renderer is kept for it)', () => {
    expect(loadConfig({ BROWSER_CONCURRENCY: '4', BROWSER_SPARE_TABS: '0' }).browser).toMatchObject({ concurrency: 4, tabs: 4 });
    expect(loadConfig({ BROWSER_CONCURRENCY: '2', BROWSER_SPARE_TABS: '3' }).browser).toMatchObject({ concurrency: 2, tabs: 5 });
    expect(problemsOf({ BROWSER_SPARE_TABS: '-1' }).map((problem) => problem.split('=')[0])).toEqual(['BROWSER_SPARE_TABS']);
  });

  it('names every bad variable at once', () => {
    const problems = problemsOf({ PORT: 'eighty', ROLE: 'both', REDIS_URL: 'localhost:6379', ALLOW_PRIVATE_TARGETS: 'perhaps' });
    expect(problems.map((problem) => problem.split('=')[0]).sort()).toEqual(['ALLOW_PRIVATE_TARGETS', 'PORT', 'REDIS_URL', 'ROLE']);
    expect(problems.find((problem) => problem.startsWith('ROLE'))).toMatch(/api, worker, all/);
  });

  it('refuses a port out of range and half an LLM configuration', () => {
    expect(problemsOf({ PORT: '70000' })).toEqual([expect.stringMatching(/^PORT="70000": /)]);
    expect(problemsOf({ LLM_BASE_URL: 'http://127.0.0.1:1/v1' })).toEqual(['LLM_BASE_URL and LLM_MODEL: set both or neither']);
  });

  it('never echoes a password or token at start-up: a malformed proxy URL, DATABASE_URL or REDIS_URL is named, not shown', () => {
    const variables = problemsOf({ DATABASE_URL: 'postgres://user:hunter2@db/crawlgate', REDIS_URL: 'redis-ish://:hunter2@cache' });
    expect(variables.map((problem) => problem.split(':')[0])).toEqual(['DATABASE_URL=[hidden]', 'REDIS_URL=[hidden]']);
    const problems = problemsOf({ PROXY_STANDARD: 'http://user:hunter2@[bad-host', PROXY_PREMIUM: 'ftp://user:hunter2@127.0.0.1:21' });
    expect(problems).toHaveLength(1);
    expect([...variables, ...problems].join('\n')).not.toContain('hunter2');
    expect(problems).toEqual(["PROXY_STANDARD/PROXY_PREMIUM/PROXY_POOLS_FILE: the standard pool's proxy #1 (http://...) is not a URL"]);
  });

  it('splits the roles and reads proxy pools with their placeholders', () => {
    const config = loadConfig({ ROLE: 'worker', PROXY_STANDARD: 'http://u-{country}:p@127.0.0.1:8000, http://127.0.0.1:8001' });
    expect([config.runsApi, config.runsWorker]).toEqual([false, true]);
    expect(config.proxyPools?.standard.proxies).toEqual(['http://u-{country}:p@127.0.0.1:8000', 'http://127.0.0.1:8001']);
    expect(config.proxyPools?.premium.proxies).toEqual([]);
  });
});
