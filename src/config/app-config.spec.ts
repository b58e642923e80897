import { chmodSync, existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
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

  it('keeps BROWSER_CONCURRENCY jobs at once on as many tabs, no spare by default', () => {
    const tabs = ['1', '2', '3', '4'].map((value) => loadConfig({ BROWSER_CONCURRENCY: value }).browser);
    expect(tabs.map(({ concurrency, tabs: open }) => [concurrency, open])).toEqual([[1, 1], [2, 2], [3, 3], [4, 4]]);
    expect(loadConfig({}).browser).toMatchObject({ concurrency: 4, tabs: 4 });
  });

  it('keeps BROWSER_SPARE_TABS spares when told (a job need not wait for a wipe, for a renderer each)', () => {
    expect(loadConfig({ BROWSER_CONCURRENCY: '4', BROWSER_SPARE_TABS: '2' }).browser).toMatchObject({ concurrency: 4, tabs: 6 });
    expect(loadConfig({ BROWSER_CONCURRENCY: '2', BROWSER_SPARE_TABS: '3' }).browser).toMatchObject({ concurrency: 2, tabs: 5 });
    expect(problemsOf({ BROWSER_SPARE_TABS: '-1' }).map((problem) => problem.split('=')[0])).toEqual(['BROWSER_SPARE_TABS']);
  });

  it("reads a boolean variable's word without the spaces an env file leaves around it", () => {
    expect(loadConfig({ ALLOW_PRIVATE_TARGETS: 'Yes ' }).allowPrivateTargets).toBe(true);
    expect(loadConfig({ ALLOW_PRIVATE_TARGETS: ' off' }).allowPrivateTargets).toBe(false);
  });

  it('names every bad variable at once', () => {
    const problems = problemsOf({ PORT: 'eighty', ROLE: 'both', REDIS_URL: 'localhost:6379', ALLOW_PRIVATE_TARGETS: 'perhaps' });
    expect(problems.map((problem) => problem.split('=')[0]).sort()).toEqual(['ALLOW_PRIVATE_TARGETS', 'PORT', 'REDIS_URL', 'ROLE']);
    expect(problems.find((problem) => problem.startsWith('ROLE'))).toMatch(/api, worker, all/);
  });

  it('reads numbers as decimal digits only: hexadecimal, exponents, fractions and blanks are refused by name', () => {
    for (const value of ['0x10', '1e3', '2.5', '   ', '12 ']) {
      expect(problemsOf({ SYNC_WAIT_MS: value })).toEqual([expect.stringMatching(/^SYNC_WAIT_MS=/)]);
    }
    expect(loadConfig({ SYNC_WAIT_MS: '1500' }).syncWaitMs).toBe(1500);
  });

  it("refuses a time past a day: with what the service adds to it, one near Node's longest timer (2^31 - 1 ms) fired at once and ended every job at its start", () => {
    expect(problemsOf({ JOB_TIMEOUT_MS: '2147483647', SYNC_WAIT_MS: '86400000' })).toEqual([expect.stringMatching(/^JOB_TIMEOUT_MS="2147483647": /)]);
  });

  it('refuses an admin or metrics token no bearer header can match (a trailing newline, a space), naming it without showing it', () => {
    const problems = problemsOf({ ADMIN_TOKEN: 'hunter2-secret\n', METRICS_TOKEN: 'two words' });
    expect(problems).toEqual([
      'ADMIN_TOKEN=[hidden]: must be visible ASCII characters only, no space or line break: a bearer header could never match it',
      'METRICS_TOKEN=[hidden]: must be visible ASCII characters only, no space or line break: a bearer header could never match it',
    ]);
    expect(problemsOf({ ADMIN_TOKEN: 'test-admin', METRICS_TOKEN: '' })).toEqual([]);
  });

  it('bounds the model\'s answers at LLM_MAX_OUTPUT_TOKENS tokens when set (unset by default), and refuses a bound that is not 256 to 1,000,000 by name', () => {
    const llm = { LLM_BASE_URL: 'http://127.0.0.1:1/v1', LLM_MODEL: 'm' };
    expect(loadConfig(llm).llm).toEqual({ baseUrl: 'http://127.0.0.1:1/v1', apiKey: '', model: 'm', maxInputChars: 30000, maxOutputTokens: null });
    expect(loadConfig({ ...llm, LLM_MAX_OUTPUT_TOKENS: '16384' }).llm?.maxOutputTokens).toBe(16384);
    for (const value of ['0', '255', '1000001', 'lots', '2.5']) {
      expect(problemsOf({ ...llm, LLM_MAX_OUTPUT_TOKENS: value })).toEqual([expect.stringMatching(new RegExp(`^LLM_MAX_OUTPUT_TOKENS="${value}": `))]);
    }
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

  it('names a PROXY_POOLS_FILE that is not JSON, or whose pool has no proxies list, without quoting the file (it holds credentials)', () => {
    const dir = mkdtempSync(join(tmpdir(), 'crawlgate-pools-'));
    const file = (name: string, text: string) => (writeFileSync(join(dir, name), text), join(dir, name));
    const broken = file('broken.json', '{"standard": {"proxies": [http://user:hunter2@proxy.example:8000]}}');
    expect(problemsOf({ PROXY_POOLS_FILE: broken }).join('\n')).not.toContain('hunter2');
    expect(problemsOf({ PROXY_POOLS_FILE: broken }).join('\n')).toContain(`PROXY_POOLS_FILE (${broken}) is not valid JSON`);
    expect(problemsOf({ PROXY_POOLS_FILE: file('empty.json', '{"standard": {}}') }).join('\n')).toContain('PROXY_POOLS_FILE: each pool needs a "proxies" array');
  });

  it('splits the roles and reads proxy pools with their placeholders', () => {
    const config = loadConfig({ ROLE: 'worker', PROXY_STANDARD: 'http://u-{country}:p@127.0.0.1:8000, http://127.0.0.1:8001' });
    expect([config.runsApi, config.runsWorker]).toEqual([false, true]);
    expect(config.proxyPools?.standard.proxies).toEqual(['http://u-{country}:p@127.0.0.1:8000', 'http://127.0.0.1:8001']);
    expect(config.proxyPools?.premium.proxies).toEqual([]);
  });

  describe('what a process needs on its machine, checked at boot (each problem names its variable)', () => {
    const tmp = mkdtempSync(join(tmpdir(), 'crawlgate-config-'));
    const dataDir = join(tmp, 'data');
    const script = (name: string, mode: number) => {
      const path = join(tmp, name);
      writeFileSync(path, '#!/bin/sh\n');
      chmodSync(path, mode);
      return path;
    };

    it('stops a worker (ROLE worker or all) whose CHROMIUM_PATH is not an executable file; an API never runs it', () => {
      const missing = 'CHROMIUM_PATH="/nonexistent/chrome": /nonexistent/chrome is not an executable file (ENOENT: no such file or directory)';
      expect(problemsOf({ DATA_DIR: dataDir, ROLE: 'worker', CHROMIUM_PATH: '/nonexistent/chrome' })).toEqual([missing]);
      expect(problemsOf({ DATA_DIR: dataDir, CHROMIUM_PATH: '/nonexistent/chrome' })).toEqual([missing]);
      const plain = script('plain-file', 0o644);
      expect(problemsOf({ DATA_DIR: dataDir, ROLE: 'worker', CHROMIUM_PATH: plain })).toEqual([`CHROMIUM_PATH=${JSON.stringify(plain)}: ${plain} is not an executable file (EACCES: permission denied)`]);
      expect(problemsOf({ DATA_DIR: dataDir, ROLE: 'worker', CHROMIUM_PATH: tmp })).toEqual([`CHROMIUM_PATH=${JSON.stringify(tmp)}: ${tmp} is not a file`]);
      expect(loadConfig({ DATA_DIR: dataDir, ROLE: 'api', CHROMIUM_PATH: '/nonexistent/chrome' }).browser.chromiumPath).toBe('/nonexistent/chrome');
    });

    it('looks a bare CHROMIUM_PATH up on PATH, as spawning it does', () => {
      script('fake-chrome', 0o755);
      expect(loadConfig({ DATA_DIR: dataDir, ROLE: 'worker', CHROMIUM_PATH: 'fake-chrome', PATH: `/nonexistent:${tmp}` }).browser.chromiumPath).toBe('fake-chrome');
      expect(problemsOf({ DATA_DIR: dataDir, ROLE: 'worker', CHROMIUM_PATH: 'fake-chrome', PATH: '/nonexistent' })).toEqual(['CHROMIUM_PATH="fake-chrome": no executable file named fake-chrome on PATH']);
    });

    it('stops a worker whose ADBLOCK_LISTS names a file it cannot read; a URL list is fetched later', () => {
      expect(problemsOf({ DATA_DIR: dataDir, ROLE: 'worker', ADBLOCK_LISTS: '/nonexistent/list.txt' })).toEqual([
        'ADBLOCK_LISTS="/nonexistent/list.txt": /nonexistent/list.txt cannot be read (ENOENT: no such file or directory)',
      ]);
      expect(problemsOf({ DATA_DIR: dataDir, ADBLOCK_LISTS: `${tmp}, /nonexistent/b.txt` })).toEqual([
        `ADBLOCK_LISTS=${JSON.stringify(`${tmp}, /nonexistent/b.txt`)}: ${tmp} is not a file; /nonexistent/b.txt cannot be read (ENOENT: no such file or directory)`,
      ]);
      const list = script('list.txt', 0o644);
      const lists = `https://lists.invalid/easylist.txt, ${list}`;
      expect(loadConfig({ DATA_DIR: dataDir, ROLE: 'worker', ADBLOCK_LISTS: lists }).browser.adblockLists).toEqual(['https://lists.invalid/easylist.txt', list]);
      expect(loadConfig({ DATA_DIR: dataDir, ROLE: 'api', ADBLOCK_LISTS: '/nonexistent/list.txt' }).browser.adblockLists).toEqual(['/nonexistent/list.txt']);
    });

    it('creates DATA_DIR, and stops the boot naming it when it cannot be created or written', () => {
      const nested = join(tmp, 'a', 'b');
      expect(loadConfig({ DATA_DIR: nested, ROLE: 'api' }).dataDir).toBe(nested);
      expect(existsSync(nested)).toBe(true);
      expect(problemsOf({ DATA_DIR: '/dev/null/x', ROLE: 'api' })).toEqual(['DATA_DIR="/dev/null/x": /dev/null/x cannot be created (ENOTDIR: not a directory)']);
      expect(problemsOf({ DATA_DIR: '/dev/null/x', ROLE: 'worker' })).toEqual(['DATA_DIR="/dev/null/x": /dev/null/x cannot be created (ENOTDIR: not a directory)']);
      // procfs refuses new entries even to root (EACCES; EROFS where it is mounted read-only).
      expect(problemsOf({ DATA_DIR: '/proc/sys', ROLE: 'api' })).toEqual([expect.stringMatching(/^DATA_DIR="\/proc\/sys": \/proc\/sys is not writable \(E(ACCES|ROFS): /)]);
      // An API on MySQL keeps nothing there: it is neither created nor checked.
      const unused = join(tmp, 'unused');
      expect(loadConfig({ DATA_DIR: unused, ROLE: 'api', DATABASE_URL: 'mysql://u:p@127.0.0.1:3306/db' }).dataDir).toBe(unused);
      expect(existsSync(unused)).toBe(false);
    });

    it('names every such problem at once', () => {
      const problems = problemsOf({ DATA_DIR: '/dev/null/x', ROLE: 'worker', CHROMIUM_PATH: '/nonexistent/chrome', ADBLOCK_LISTS: '/nonexistent/list.txt' });
      expect(problems.map((problem) => problem.split('=')[0])).toEqual(['DATA_DIR', 'CHROMIUM_PATH', 'ADBLOCK_LISTS']);
    });
  });

  it('refuses a HOST that is neither an IP address nor a host name', () => {
    const message = 'HOST must be an IP address (0.0.0.0, ::1) or a host name (letters, digits, hyphens and dots)';
    for (const host of ['not a host', '999.1.1.1', '127.1', 'http://localhost', 'under_score', '-leading.example', '']) {
      expect(problemsOf({ HOST: host, ROLE: 'api' })).toEqual([`HOST=${JSON.stringify(host)}: ${message}`]);
    }
    for (const host of ['0.0.0.0', '127.0.0.1', '::', '::1', 'localhost', 'api-1.internal', 'localhost.']) {
      expect(loadConfig({ HOST: host, ROLE: 'api' }).http.host).toBe(host);
    }
  });

  it('refuses a CHAT_SITE_URL or LLM_BASE_URL that is not an absolute http(s) URL', () => {
    expect(problemsOf({ CHAT_SITE_URL: 'notaurl', ROLE: 'api' })).toEqual(['CHAT_SITE_URL="notaurl": CHAT_SITE_URL must be an absolute http or https URL']);
    expect(problemsOf({ CHAT_SITE_URL: 'ftp://chat.example/', ROLE: 'api' })).toEqual(['CHAT_SITE_URL="ftp://chat.example/": CHAT_SITE_URL must be an absolute http or https URL']);
    expect(problemsOf({ LLM_BASE_URL: 'llm.example/v1', LLM_MODEL: 'm', ROLE: 'api' })).toEqual(['LLM_BASE_URL=[hidden]: LLM_BASE_URL must be an absolute http or https URL']);
    expect(loadConfig({ CHAT_SITE_URL: 'http://127.0.0.1:8080/chat', ROLE: 'api' }).chat.siteUrl).toBe('http://127.0.0.1:8080/chat');
  });

  it('takes UNCOVERED_DOMAINS as domain names only: a URL or an address is refused, not read for its host', () => {
    const refused = (value: string, entries: string) =>
      `UNCOVERED_DOMAINS=${JSON.stringify(value)}: UNCOVERED_DOMAINS must list domain names (example.com), not URLs or addresses; refused: ${entries}`;
    expect(problemsOf({ UNCOVERED_DOMAINS: 'http://x y/', ROLE: 'api' })).toEqual([refused('http://x y/', '"http://x y/"')]);
    expect(problemsOf({ UNCOVERED_DOMAINS: 'linkedin.com, https://example.com/, 10.0.0.1', ROLE: 'api' }))
      .toEqual([refused('linkedin.com, https://example.com/, 10.0.0.1', '"https://example.com/", "10.0.0.1"')]);
    expect(loadConfig({ UNCOVERED_DOMAINS: 'LinkedIn.com, bücher.de,, com', ROLE: 'api' }).uncoveredDomains).toEqual(['linkedin.com', 'bücher.de', 'com']);
    expect(loadConfig({ UNCOVERED_DOMAINS: '', ROLE: 'api' }).uncoveredDomains).toEqual([]);
  });
});
