import { Injectable } from '@nestjs/common';
import { HealthIndicatorService } from '@nestjs/terminus';
import type { Redis } from 'ioredis';
import { InjectRedis } from '../../infra/redis/redis.module.js';

@Injectable()
export class RedisHealthIndicator {
  constructor(
    @InjectRedis() private readonly redis: Redis,
    private readonly indicator: HealthIndicatorService,
  ) {}

  async check(key: string) {
    const session = this.indicator.check(key);
    try {
      const pong = await Promise.race([this.redis.ping(), new Promise<string>((_, reject) => setTimeout(() => reject(new Error('timeout')), 2000))]);
      return pong === 'PONG' ? session.up() : session.down({ message: `unexpected ${pong}` });
    } catch (error) {
      return session.down({ message: (error as Error).message });
    }
  }
}
