import { ChildProcess, spawn } from 'node:child_process';
import { Redis } from 'ioredis';
import { freePort } from '../../harness/app-process.js';
import { killAndWait } from './kill-child.js';

/** A redis-server of the fault suite's own (never the shared one), without persistence: a restart loses every key. */
export class OwnRedis {
  private child: ChildProcess | null = null;

  private constructor(readonly port: number) {}

  static async start(): Promise<OwnRedis> {
    const redis = new OwnRedis(await freePort());
    await redis.up();
    return redis;
  }

  get url(): string {
    return `redis://127.0.0.1:${this.port}/0`;
  }

  async up(): Promise<void> {
    this.child = spawn('redis-server', ['--port', String(this.port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], { stdio: 'ignore' });
    const client = new Redis(this.url, { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null });
    for (const until = Date.now() + 10_000; Date.now() < until; await new Promise((done) => setTimeout(done, 50))) {
      try {
        await client.connect();
        await client.ping();
        client.disconnect();
        return;
      } catch {
        client.disconnect();
      }
    }
    throw new Error(`redis-server on ${this.port} did not start`);
  }

  /** SIGKILL: the server goes away at once, like a crashed or restarted pod. */
  async down(): Promise<void> {
    const child = this.child;
    this.child = null;
    await killAndWait(child);
  }
}
