import { createRequire } from 'node:module';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from '@jest/globals';
import { createConnection } from 'mysql2/promise';
import { createOrganization } from '../factories/organization.factory.js';
import { AppProcess, startAppProcess } from '../harness/app-process.js';
import { testEnv } from '../harness/env.js';
import { call } from '../harness/http.js';

const env = testEnv();
const HOUR = '3600000';
/** better-sqlite3 (what TypeORM drives for the embedded database) ships no types: the little used here. */
type Sqlite = { prepare(sql: string): { all(...values: unknown[]): unknown[]; run(...values: unknown[]): unknown }; close(): void };
const Database = createRequire(import.meta.url)('better-sqlite3') as new (path: string, options: { timeout: number }) => Sqlite;

/** One statement against the stack's database, whichever it is (SQLite's DATETIME is UTC text without a zone). */
async function sql(text: string, params: unknown[]): Promise<Array<Record<string, unknown>>> {
  if (env.databaseUrl) {
    const connection = await createConnection({ uri: env.databaseUrl, timezone: 'Z' });
    try {
      return (await connection.query(text, params))[0] as Array<Record<string, unknown>>;
    } finally {
      await connection.end();
    }
  }
  const database = new Database(join(env.dataDir, 'crawlgate.sqlite'), { timeout: 10_000 });
  try {
    const values = params.map((value) => (value instanceof Date ? value.toISOString().replace('T', ' ').replace('Z', '') : value));
    const statement = database.prepare(text);
    return /^\s*select/i.test(text) ? (statement.all(...values) as Array<Record<string, unknown>>) : (statement.run(...values), []);
  } finally {
    database.close();
  }
}

const copies = async (organizationId: string) =>
  (await sql('SELECT page_key, byte_size FROM page_copy WHERE organization_id = ? ORDER BY fetched_at', [organizationId]))
    .map((row) => ({ key: String(row.page_key), size: Number(row.byte_size) }));
const total = async (organizationId: string) => Number((await sql('SELECT bytes FROM page_copy_total WHERE organization_id = ?', [organizationId]))[0]?.bytes ?? 0);
const crawl = (key: string, path: string, query: Record<string, string> = {}) => call('/crawl', { key, query: { url: `${env.target.url}${path}`, js: 'false', ...query } });

async function waitFor(condition: () => Promise<boolean>, what: string): Promise<void> {
  const until = Date.now() + 20_000;
  while (!(await condition())) {
    if (Date.now() > until) throw new Error(`not within 20 s: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

// The janitor's eviction runs at start and every minute: an API process of its own (same database and Redis) with a
// small CACHE_MAX_BYTES shows it at its start, without waiting a minute or 7 days (it trims every organization of the
// shared stack past that bound: no other spec counts on a copy made before this one runs).
describe('max_age: eviction of stored copies by the janitor', () => {
  let janitor: AppProcess | undefined;
  afterAll(async () => {
    await janitor?.stop();
  });

  it('deletes copies past 7 days, and an organization\'s oldest copies past CACHE_MAX_BYTES, keeping exact totals', async () => {
    const crowded = await createOrganization(env.baseUrl, env.adminToken, { plan: 'standard', credits: 100 });
    const aged = await createOrganization(env.baseUrl, env.adminToken, { plan: 'standard', credits: 100 });
    const stamp = Date.now();
    const pages = [1, 2, 3].map((index) => `/static?eviction=${stamp}-${index}`);
    for (const path of pages) expect((await crawl(crowded.apiKey, path)).status).toBe(200);
    expect((await crawl(aged.apiKey, `/static?eviction=${stamp}-old`)).status).toBe(200);
    const stored = await copies(crowded.id);
    expect(stored.map((copy) => copy.key)).toEqual(pages.map((path) => `${new URL(env.target.url).host}${path}`));
    expect(await total(crowded.id)).toBe(stored[0].size + stored[1].size + stored[2].size);
    await sql('UPDATE page_copy SET fetched_at = ? WHERE organization_id = ?', [new Date(Date.now() - 8 * 86_400_000), aged.id]);

    // Room for the two newest copies of `crowded`, not for the third; `aged` is within it but past 7 days.
    const maxBytes = stored[1].size + stored[2].size;
    janitor = await startAppProcess('cache-janitor', { ...env.appEnv, ROLE: 'api', CACHE_MAX_BYTES: String(maxBytes) });
    await waitFor(async () => (await copies(crowded.id)).length === 2 && (await copies(aged.id)).length === 0, 'the janitor\'s first sweep');
    expect((await copies(crowded.id)).map((copy) => copy.key)).toEqual(stored.slice(1).map((copy) => copy.key));
    expect(await total(crowded.id)).toBe(maxBytes);
    expect(await total(aged.id)).toBe(0);

    const answers = await Promise.all(pages.map((path) => crawl(crowded.apiKey, path, { max_age: HOUR })));
    expect(answers.map((answer) => answer.headers.get('x-cache'))).toEqual(['miss', 'hit', 'hit']);
  }, 90_000);
});
