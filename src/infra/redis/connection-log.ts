import { Logger } from '@nestjs/common';
import type { EventEmitter } from 'node:events';

type Log = Pick<Logger, 'warn' | 'log'>;

/**
 * Says in the log when a Redis connection is lost and when it is back, once each per outage. Without an `error`
 * listener ioredis prints "Unhandled error event" with a stack on every reconnection attempt, outside the JSON log.
 */
export function logConnection<T extends EventEmitter>(client: T, name: string, logger: Log = new Logger('Redis')): T {
  let lost = false;
  client.on('error', (error: Error) => {
    if (lost) return;
    lost = true;
    logger.warn(`Redis connection (${name}) lost: ${error.message}; reconnecting`);
  });
  client.on('ready', () => {
    if (!lost) return;
    lost = false;
    logger.log(`Redis connection (${name}) back`);
  });
  return client;
}
