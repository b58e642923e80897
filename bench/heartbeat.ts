import { Redis } from 'ioredis';
import type { AppConfig } from '../src/config/app-config.js';
import { JobEventsService } from '../src/modules/jobs/job-events.service.js';
import { JobHeartbeat } from '../src/modules/jobs/job-heartbeat.js';
import { printTable } from './table.js';

const REDIS_URL = process.env.BENCH_HEARTBEAT_REDIS_URL ?? 'redis://127.0.0.1:6379/7';
const JOBS = Number(process.env.BENCH_HEARTBEAT_JOBS ?? 500);
const PERIOD_MS = Number(process.env.BENCH_HEARTBEAT_MS ?? 2000);
const WINDOW_MS = Number(process.env.BENCH_HEARTBEAT_WINDOW_MS ?? 20_000);

/**
 * What the heartbeat costs Redis (issue 24 item 14): JOBS running jobs beating every PERIOD_MS, and one lost-job sweep
 * per period (MGET of their beats, NUMSUB per live worker), counted on Redis's MONITOR for this database only.
 */
async function main(): Promise<void> {
  const db = Number(new URL(REDIS_URL).pathname.slice(1) || 0);
  const redis = new Redis(REDIS_URL);
  const monitor = await new Redis(REDIS_URL).monitor();
  const counts = new Map<string, number>();
  let bytes = 0;
  monitor.on('monitor', (_time: string, args: string[], _source: string, database: string) => {
    if (Number(database) !== db) return;
    const name = args[0].toLowerCase();
    counts.set(name, (counts.get(name) ?? 0) + 1);
    bytes += args.reduce((sum, arg) => sum + Buffer.byteLength(arg), 0);
  });
  const events = new JobEventsService(redis);
  await events.onModuleInit();
  const heartbeat = new JobHeartbeat({ jobHeartbeatMs: PERIOD_MS } as AppConfig, redis, events);
  const ids = Array.from({ length: JOBS }, (_, i) => `bench_${Date.now()}_${i}`);
  const before = Number(/used_memory:(\d+)/.exec(await redis.info('memory'))?.[1]);
  const started = performance.now();
  const stops = ids.map((id) => heartbeat.start(id, Date.now() + 60_000));
  let sweepMs = 0;
  const sweeper = setInterval(() => {
    const t0 = performance.now();
    void heartbeat.judge(ids, Date.now(), 30_000).then(({ lost }) => {
      sweepMs = Math.max(sweepMs, performance.now() - t0);
      if (lost.length > 0) console.warn(`${lost.length} beats missing`);
    });
  }, PERIOD_MS);
  await new Promise((done) => setTimeout(done, WINDOW_MS));
  const after = Number(/used_memory:(\d+)/.exec(await redis.info('memory'))?.[1]);
  clearInterval(sweeper);
  const seconds = (performance.now() - started) / 1000;
  await Promise.all(stops.map((stop) => stop()));
  const total = [...counts.values()].reduce((sum, n) => sum + n, 0);
  printTable(`Heartbeat cost: ${JOBS} running jobs, JOB_HEARTBEAT_MS=${PERIOD_MS}, one sweeping process, ${Math.round(seconds)} s`, [{
    'commands/s': total / seconds,
    'SET/s': (counts.get('set') ?? 0) / seconds,
    'MGET/s': (counts.get('mget') ?? 0) / seconds,
    'PUBSUB/s': (counts.get('pubsub') ?? 0) / seconds,
    'request KB/s': bytes / 1024 / seconds,
    'memory KB': (after - before) / 1024,
    'slowest sweep ms': sweepMs,
  }]);
  await events.onApplicationShutdown();
  monitor.disconnect();
  await redis.quit();
}

void main().then(() => process.exit(0));
