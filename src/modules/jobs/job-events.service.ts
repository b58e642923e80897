import { randomUUID } from 'node:crypto';
import { Injectable, Logger, OnApplicationShutdown, OnModuleInit } from '@nestjs/common';
import type { Redis } from 'ioredis';
import type { CommandBatch } from '../../infra/redis/command-batch.js';
import { logConnection } from '../../infra/redis/connection-log.js';
import { InjectRedis } from '../../infra/redis/redis.module.js';
import { withFallback } from '../../common/time/deadline.js';

/** Pub/sub channels ignore Redis database numbers, so the database is part of each name: stacks sharing one server stay apart. */
function channelsFor(redis: Redis) {
  const base = `crawlgate:${redis.options.db ?? 0}:events`;
  return { ended: `${base}:job-ended`, ask: `${base}:debug-ask`, answer: `${base}:debug-answer` };
}

const DEBUG_TTL_MS = 10_000;
const debugKey = (id: string) => `crawlgate:debug:${id}`;

type DebugHandler = (jobId: string) => Promise<object | null>;

/**
 * Cross-process signals over Redis pub/sub: "job ended" (wakes the API request waiting for it) and live debug
 * captures (the API asks, the worker that holds the job's page answers). One subscriber connection per process.
 */
@Injectable()
export class JobEventsService implements OnModuleInit, OnApplicationShutdown {
  private readonly logger = new Logger(JobEventsService.name);
  private readonly endWaiters = new Map<string, Set<() => void>>();
  private readonly debugWaiters = new Map<string, (capture: object | null) => void>();
  private debugHandler?: DebugHandler;
  /** Where each capture this worker handed out is stored: polls sharing a capture share its one Redis write. */
  private readonly storedCaptures = new WeakMap<object, Promise<string>>();
  private subscriber!: Redis;
  /** This process's name on the bus: debug requests for its jobs go to its own channel, which dies with it. */
  readonly processId = randomUUID();

  private readonly channels: ReturnType<typeof channelsFor>;

  constructor(@InjectRedis() private readonly redis: Redis) {
    this.channels = channelsFor(redis);
  }

  async onModuleInit(): Promise<void> {
    this.subscriber = logConnection(this.redis.duplicate(), 'subscriber');
    this.subscriber.on('message', (channel: string, message: string) => this.dispatch(channel, message));
    await this.subscriber.subscribe(this.channels.ended, this.askChannel(this.processId), this.channels.answer);
  }

  async onApplicationShutdown(): Promise<void> {
    await this.subscriber?.quit().catch(() => this.subscriber.disconnect());
  }

  async announceEnd(jobId: string): Promise<void> {
    await this.redis.publish(this.channels.ended, jobId);
  }

  announceEndIn(batch: CommandBatch, jobId: string): CommandBatch {
    return batch.publish(this.channels.ended, jobId);
  }

  /** Resolves true when the job ends within `ms`; `isEnded` is checked after subscribing so no end is missed. */
  async waitForEnd(jobId: string, ms: number, isEnded: () => Promise<boolean>): Promise<boolean> {
    let wake!: () => void;
    const ended = new Promise<void>((resolve) => (wake = resolve));
    const waiters = this.endWaiters.get(jobId) ?? new Set();
    waiters.add(wake);
    this.endWaiters.set(jobId, waiters);
    try {
      if (await isEnded()) return true;
      return await withFallback(ended.then(() => true), ms, false);
    } finally {
      waiters.delete(wake);
      if (waiters.size === 0) this.endWaiters.delete(jobId);
    }
  }

  /** Workers: answer debug requests for the jobs whose pages they hold. */
  onDebugRequest(handler: DebugHandler): void {
    this.debugHandler = handler;
  }

  /** Asks the process holding the job for a capture; null at once when that process is gone (nobody got the ask). */
  async requestDebug(jobId: string, holder: string, ms: number): Promise<object | null> {
    const nonce = randomUUID();
    const answer = new Promise<object | null>((resolve) => this.debugWaiters.set(nonce, resolve));
    try {
      if ((await this.redis.publish(this.askChannel(holder), JSON.stringify({ jobId, nonce }))) === 0) return null;
      return await withFallback(answer, ms, null);
    } finally {
      this.debugWaiters.delete(nonce);
    }
  }

  /** True while the process is connected to Redis: its subscription ends with its socket, the moment it dies. */
  async isListening(processId: string): Promise<boolean> {
    const [, count] = (await this.redis.pubsub('NUMSUB', this.askChannel(processId))) as [string, number];
    return Number(count) > 0;
  }

  private askChannel(processId: string): string {
    return `${this.channels.ask}:${processId}`;
  }

  private dispatch(channel: string, message: string): void {
    // Channels are per database, but another version of the service may still publish shapes this one cannot read.
    try {
      if (channel === this.channels.ended) {
        for (const wake of this.endWaiters.get(message) ?? []) wake();
      } else if (channel.startsWith(this.channels.ask)) {
        void this.answerDebug(message).catch(() => this.logger.warn(`ignored a malformed message on ${channel}`));
      } else if (channel === this.channels.answer) {
        this.receiveDebug(message);
      }
    } catch {
      this.logger.warn(`ignored a malformed message on ${channel}`);
    }
  }

  /**
   * A notice `{nonce, key}` names the key holding the capture (shared by the polls of one capture, so read, not taken);
   * `capture: null` inline says the holder has no page to show; without either, the capture is under the nonce (a
   * worker of an earlier version).
   */
  private receiveDebug(message: string): void {
    const notice = parseMessage<{ nonce: string; key?: string; capture?: object | null }>(message);
    if (!notice) return;
    const { nonce, key, capture } = notice;
    const waiter = this.debugWaiters.get(nonce);
    if (!waiter) return;
    if (capture !== undefined) return waiter(capture);
    const read = key?.startsWith(debugKey('')) ? this.redis.get(key) : this.redis.getdel(debugKey(nonce));
    void read.then((text) => waiter(text ? parseMessage<object>(text) : null), () => waiter(null));
  }

  /** The key of the capture in Redis, written once per capture however many polls it answers. */
  private storeCapture(capture: object): Promise<string> {
    let stored = this.storedCaptures.get(capture);
    if (!stored) {
      const key = debugKey(randomUUID());
      stored = this.redis.set(key, JSON.stringify(capture), 'PX', DEBUG_TTL_MS).then(() => key);
      // A failed write is not kept: the next poll tries again.
      stored.catch(() => this.storedCaptures.delete(capture));
      this.storedCaptures.set(capture, stored);
    }
    return stored;
  }

  private async answerDebug(message: string): Promise<void> {
    if (!this.debugHandler) return;
    const ask = parseMessage<{ jobId: string; nonce: string }>(message);
    if (!ask) return;
    const { jobId, nonce } = ask;
    try {
      const capture = await this.debugHandler(jobId);
      // Asked on this process's own channel, as the job's holder. The payload goes in a short-lived key and only its
      // name is published: a big capture broadcast to every subscriber could overflow their pub/sub buffers. No page
      // yet is answered at once (null inline), so the asker does not wait out its limit for nothing.
      if (capture) {
        const key = await this.storeCapture(capture);
        await this.redis.publish(this.channels.answer, JSON.stringify({ nonce, key }));
      } else {
        await this.redis.publish(this.channels.answer, JSON.stringify({ nonce, capture: null }));
      }
    } catch (error) {
      this.logger.warn(`debug capture of ${jobId} failed: ${(error as Error).message}`);
    }
  }
}

/** A message this version cannot read (another version's, during a rolling deploy) is ignored. */
function parseMessage<T>(message: string): T | null {
  try {
    return JSON.parse(message) as T;
  } catch {
    return null;
  }
}
