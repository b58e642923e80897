import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { RUN_DIR } from './run-dir.js';

/** What the global setup started, for the e2e files (they run in other processes). */
export interface TestEnv {
  readonly baseUrl: string;
  readonly adminToken: string;
  readonly redisUrl: string;
  readonly databaseUrl: string | null;
  readonly dataDir: string;
  readonly appPid: number;
  readonly appEnv: Record<string, string>;
  readonly target: { readonly url: string };
  readonly proxies: { readonly standard: { url: string; controlUrl: string }; readonly premium: { url: string; controlUrl: string } };
  readonly llm: { readonly url: string };
  readonly chat: { readonly url: string };
  readonly recipeSite: { readonly url: string };
}

export const ENV_FILE = resolve(RUN_DIR, 'env.json');

let cached: TestEnv | undefined;

export function testEnv(): TestEnv {
  cached ??= JSON.parse(readFileSync(ENV_FILE, 'utf8')) as TestEnv;
  return cached;
}
