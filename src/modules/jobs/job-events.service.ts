import { randomUUID } from 'node:crypto';
import { Injectable, Logger, OnApplicationShutdown, OnModuleInit } from '@nestjs/common';
import type { Redis } from 'ioredis';
import { InjectRedis } from '../../infra/redis/redis.module.js';

const ENDED = 'crawlgate:events:job-ended';
const DEBUG_ASK = 'crawlgate:events:debug-ask';
const DEBUG_ANSWER = 'crawlgate:events:debug-answer';

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
  private subscriber!: Redis;

  constructor(@InjectRedis() private readonly redis: Redis) {}

  async onModuleInit(): Promise<void> {
    this.subscriber = this.redis.duplicate();
    this.subscriber.on('message', (channel: string, message: string) => this.dispatch(channel, message));
    await this.subscriber.subscribe(ENDED, DEBUG_ASK, DEBUG_ANSWER);
  }

  async onApplicationShutdown(): Promise<void> {
    await this.subscriber?.quit().catch(() => this.subscriber.disconnect());
  }

  async announceEnd(jobId: string): Promise<void> {
    await this.redis.publish(ENDED, jobId);
  }

  /** Resolves true when the job ends within `ms`; `isEnded` is checked after subscribing so no end is missed. */
  async waitForEnd(jobId: string, ms: number, isEnded: () => Promise<boolean>): Promise<boolean> {
    let wake!: () => void;
    const ended = new Promise<void>((resolve) => (wake = resolve));
    const waiters = this.endWaiters.get(jobId) ?? new Set();
    waiters.add(wake);
    this.endWaiters.set(jobId, waiters);
    let timer: NodeJS.Timeout | undefined;
    try {
      if (await isEnded()) return true;
      const timeout = new Promise<false>((resolve) => (timer = setTimeout(() => resolve(false), ms)));
      return await Promise.race([ended.then(() => true), timeout]);
    } finally {
      clearTimeout(timer);
      waiters.delete(wake);
      if (waiters.size === 0) this.endWaiters.delete(jobId);
    }
  }

  /** Workers: answer debug requests for the jobs whose pages they hold. */
  onDebugRequest(handler: DebugHandler): void {
    this.debugHandler = handler;
  }

  async requestDebug(jobId: string, ms: number): Promise<object | null> {
    const nonce = randomUUID();
    const answer = new Promise<object | null>((resolve) => this.debugWaiters.set(nonce, resolve));
    let timer: NodeJS.Timeout | undefined;
    try {
      await this.redis.publish(DEBUG_ASK, JSON.stringify({ jobId, nonce }));
      return await Promise.race([answer, new Promise<null>((resolve) => (timer = setTimeout(() => resolve(null), ms)))]);
    } finally {
      clearTimeout(timer);
      this.debugWaiters.delete(nonce);
    }
  }

  private dispatch(channel: string, message: string): void {
    if (channel === ENDED) {
      for (const wake of this.endWaiters.get(message) ?? []) wake();
    } else if (channel === DEBUG_ASK) {
      // Pub/sub channels span every Redis database: a message that is not ours must not end the process.
      void this.answerDebug(message).catch(() => undefined);
    } else if (channel === DEBUG_ANSWER) {
      const answer = parseMessage<{ nonce: string; capture: object | null }>(message);
      if (answer) this.debugWaiters.get(answer.nonce)?.(answer.capture);
    }
  }

  private async answerDebug(message: string): Promise<void> {
    if (!this.debugHandler) return;
    const { jobId, nonce } = JSON.parse(message) as { jobId: string; nonce: string };
    try {
      const capture = await this.debugHandler(jobId);
      // Only the worker holding the page answers; the others stay silent.
      if (capture) await this.redis.publish(DEBUG_ANSWER, JSON.stringify({ nonce, capture }));
    } catch (error) {
      this.logger.warn(`debug capture of ${jobId} failed: ${(error as Error).message}`);
    }
  }
}

function parseMessage<T>(message: string): T | null {
  try {
    return JSON.parse(message) as T;
  } catch {
    return null;
  }
}
