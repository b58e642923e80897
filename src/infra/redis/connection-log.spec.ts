import { describe, expect, it } from '@jest/globals';
import { EventEmitter } from 'node:events';
import { logConnection } from './connection-log.js';

describe('logConnection', () => {
  it('says once that the connection is lost, however many attempts fail, and once that it is back', () => {
    const lines: string[] = [];
    const client = logConnection(new EventEmitter(), 'shared', { warn: (line: string) => lines.push(`warn ${line}`), log: (line: string) => lines.push(`log ${line}`) });
    client.emit('ready');
    for (let attempt = 0; attempt < 3; attempt += 1) client.emit('error', new Error('connect ECONNREFUSED 127.0.0.1:6379'));
    client.emit('ready');
    client.emit('error', new Error('read ECONNRESET'));
    expect(lines).toEqual([
      'warn Redis connection (shared) lost: connect ECONNREFUSED 127.0.0.1:6379; reconnecting',
      'log Redis connection (shared) back',
      'warn Redis connection (shared) lost: read ECONNRESET; reconnecting',
    ]);
  });
});
