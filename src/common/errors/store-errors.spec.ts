import { describe, expect, it } from '@jest/globals';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createRequire } from 'node:module';
import { QueryFailedError } from 'typeorm';
import { ErrorCode } from './error-code.js';
import { storeOutage } from './store-errors.js';

/** better-sqlite3 ships no types: the two calls this spec makes. */
type SqliteFile = { exec(sql: string): void; prepare(sql: string): { run(): void }; close(): void };
const Database = createRequire(import.meta.url)('better-sqlite3') as new (path: string, options?: { timeout: number }) => SqliteFile;

const netError = (code: string, fatal: boolean) => Object.assign(new Error(`connect ${code} 127.0.0.1:3306`), { code, fatal });

describe('storeOutage', () => {
  it('maps a MySQL server that is down or went away to database_unavailable', () => {
    expect(storeOutage(netError('ECONNREFUSED', true))?.code).toBe(ErrorCode.DatabaseUnavailable);
    expect(storeOutage(netError('PROTOCOL_CONNECTION_LOST', true))?.code).toBe(ErrorCode.DatabaseUnavailable);
    expect(storeOutage(new QueryFailedError('SELECT 1', [], netError('ECONNRESET', true)))?.code).toBe(ErrorCode.DatabaseUnavailable);
    expect(storeOutage(new Error("Can't add new command when connection is in closed state"))?.code).toBe(ErrorCode.DatabaseUnavailable);
  });

  it('maps an embedded database locked by another writer past its busy timeout to database_unavailable', () => {
    const dir = mkdtempSync(join(tmpdir(), 'store-errors-'));
    const holder = new Database(join(dir, 'db.sqlite'));
    const waiter = new Database(join(dir, 'db.sqlite'), { timeout: 0 });
    try {
      holder.exec('CREATE TABLE t (x INTEGER); BEGIN EXCLUSIVE');
      const locked = (() => {
        try {
          waiter.prepare('INSERT INTO t VALUES (1)').run();
        } catch (error) {
          return error;
        }
        return null;
      })();
      expect((locked as { code?: string }).code).toBe('SQLITE_BUSY');
      expect(storeOutage(locked)?.code).toBe(ErrorCode.DatabaseUnavailable);
      expect(storeOutage(new QueryFailedError('INSERT', [], locked as Error))?.code).toBe(ErrorCode.DatabaseUnavailable);
    } finally {
      holder.close();
      waiter.close();
      rmSync(dir, { recursive: true });
    }
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
