import { describe, expect, it } from '@jest/globals';
import { QueryFailedError } from 'typeorm';
import { ErrorCode } from './error-code.js';
import { storeOutage } from './store-errors.js';

const netError = (code: string, fatal: boolean) => Object.assign(new Error(`connect ${code} 127.0.0.1:3306`), { code, fatal });

describe('storeOutage', () => {
  it('maps a MySQL server that is down or went away to database_unavailable', () => {
    expect(storeOutage(netError('ECONNREFUSED', true))?.code).toBe(ErrorCode.DatabaseUnavailable);
    expect(storeOutage(netError('PROTOCOL_CONNECTION_LOST', true))?.code).toBe(ErrorCode.DatabaseUnavailable);
    expect(storeOutage(new QueryFailedError('SELECT 1', [], netError('ECONNRESET', true)))?.code).toBe(ErrorCode.DatabaseUnavailable);
    expect(storeOutage(new Error("Can't add new command when connection is in closed state"))?.code).toBe(ErrorCode.DatabaseUnavailable);
  });

  it('maps an unreachable Redis to queue_unavailable', () => {
    expect(storeOutage(Object.assign(new Error('Reached the max retries per request limit (which is 2).'), { name: 'MaxRetriesPerRequestError' }))?.code)
      .toBe(ErrorCode.QueueUnavailable);
    expect(storeOutage(new Error('Connection is closed.'))?.code).toBe(ErrorCode.QueueUnavailable);
  });

  it('leaves every other error alone, SQL errors included', () => {
    expect(storeOutage(new QueryFailedError('SELECT x', [], Object.assign(new Error('Unknown column'), { code: 'ER_BAD_FIELD_ERROR' })))).toBeNull();
    expect(storeOutage(new TypeError('x is undefined'))).toBeNull();
    expect(storeOutage(netError('ECONNREFUSED', false))).toBeNull();
    expect(storeOutage(null)).toBeNull();
  });
});
