import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { Redis } from 'ioredis';
import { startChatSite } from '../fixtures/chat-site.js';
import { startFakeLlm } from '../fixtures/fake-llm.server.js';
import { startRecipeSite } from '../fixtures/recipe-site.js';
import { startRecordingProxy } from '../fixtures/recording-proxy.js';
import { startTargetSite } from '../fixtures/target-site.js';
import { RUN_DIR, startAppProcess } from './app-process.js';
import { ENV_FILE, TestEnv } from './env.js';

const ADMIN_TOKEN = 'e2e-admin-token';
const REDIS_URL = process.env.E2E_REDIS_URL ?? 'redis://127.0.0.1:6379/3';

/**
 * The e2e stack, run as its own process by the jest global setup: fixture servers and one app process (one
 * Chromium) shared by every e2e file. It writes env.json in the run directory when ready and stops everything on SIGTERM.
 */
async function main(): Promise<void> {
  const closers: Array<() => Promise<unknown>> = [];
  mkdirSync(RUN_DIR, { recursive: true });
  const redis = new Redis(REDIS_URL);
  await redis.flushdb();
  await redis.quit();

  const target = await startTargetSite();
  const standard = await startRecordingProxy();
  const premium = await startRecordingProxy();
  const llm = await startFakeLlm();
  const chat = await startChatSite();
  const recipeSite = await startRecipeSite();
  closers.push(() => target.close(), () => standard.close(), () => premium.close(), () => llm.close(), () => chat.close(), () => recipeSite.close());

  const dataDir = resolve(RUN_DIR, `data-${Date.now()}`);
  rmSync(dataDir, { recursive: true, force: true });
  const databaseUrl = process.env.E2E_DATABASE_URL ?? null;
  const appEnv: Record<string, string> = {
    ROLE: 'all',
    DATA_DIR: dataDir,
    REDIS_URL,
    ADMIN_TOKEN,
    ALLOW_PRIVATE_TARGETS: 'true',
    PROXY_STANDARD: standard.url,
    PROXY_PREMIUM: premium.url,
    LLM_BASE_URL: llm.url,
    LLM_MODEL: 'fake-model',
    LLM_API_KEY: 'fake-key',
    CHAT_SITE_URL: chat.url,
    SYNC_WAIT_MS: '8000',
    JOB_TIMEOUT_MS: '20000',
    // pdf.e2e-spec: libtasn1's 36 pages pass the cap, a 5 MiB PDF the size.
    PDF_MAX_PAGES: '20',
    PDF_MAX_BYTES: String(4 * 1024 * 1024),
    CHAT_TIMEOUT_MS: '12000',
    BROWSER_CONCURRENCY: '4',
    // Short leases: jobs.e2e-spec's backlog test proves a slot outlives many of them while its job is queued or running.
    SLOT_LEASE_MS: '3000',
    // Short webhook backoff (1 s in production, decisions 7.4): webhooks.e2e-spec scales its waits by it.
    WEBHOOK_BACKOFF_MS: '100',
    LOG_LEVEL: 'info',
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
  };
  const app = await startAppProcess('app', appEnv);
  closers.unshift(() => app.stop());

  const env: TestEnv = {
    baseUrl: app.baseUrl,
    adminToken: ADMIN_TOKEN,
    redisUrl: REDIS_URL,
    databaseUrl,
    dataDir,
    appPid: app.child.pid ?? 0,
    appEnv,
    target: { url: target.url },
    proxies: { standard: { url: standard.url, controlUrl: standard.controlUrl }, premium: { url: premium.url, controlUrl: premium.controlUrl } },
    llm: { url: llm.url },
    chat: { url: chat.url },
    recipeSite: { url: recipeSite.url },
  };
  writeFileSync(ENV_FILE, JSON.stringify(env, null, 2));
  const stop = async () => {
    for (const close of closers) await close().catch(() => undefined);
    process.exit(0);
  };
  process.on('SIGTERM', () => void stop());
  process.on('SIGINT', () => void stop());
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
