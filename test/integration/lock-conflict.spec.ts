import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { DataSource } from 'typeorm';
import { isLockConflict, retryOnLockConflict } from '../../src/modules/jobs/store-retry.js';
import { balanceOf, insertOrganization, openDatabase } from './database.js';

/**
 * store-retry.ts on a real InnoDB deadlock: two transactions take two rows in opposite orders, InnoDB rolls one of
 * them back whole, and the error TypeORM throws is one isLockConflict knows, so the victim runs again to its end.
 */
describe('a real deadlock on MariaDB', () => {
  let db: DataSource;

  beforeAll(async () => {
    db = await openDatabase('mariadb', '_locks');
    await insertOrganization(db, 'lock-a', 0);
    await insertOrganization(db, 'lock-b', 0);
  });
  afterAll(async () => db?.destroy());

  it('is a lock conflict: the victim runs again, and each transaction counts once', async () => {
    const seen: unknown[] = [];
    const held = { first: deferred(), second: deferred() };
    /** Adds 1 to both rows, `first` then `second`; its first run waits, holding `first`, until the other holds its own. */
    const twoRows = (first: string, second: string, mine: Deferred, theirs: Deferred) => {
      let runs = 0;
      return async () => {
        runs += 1;
        const runner = db.createQueryRunner();
        await runner.connect();
        try {
          // Deadlock detection answers at once; a bound on the wait in case it were off.
          await runner.query('SET SESSION innodb_lock_wait_timeout = 10');
          await runner.startTransaction();
          await runner.query('UPDATE organization SET balance = balance + 1 WHERE id = ?', [first]);
          if (runs === 1) {
            mine.resolve();
            await theirs.promise;
          }
          await runner.query('UPDATE organization SET balance = balance + 1 WHERE id = ?', [second]);
          await runner.commitTransaction();
        } catch (error) {
          seen.push(error);
          await runner.rollbackTransaction().catch(() => undefined);
          throw error;
        } finally {
          await runner.release();
        }
      };
    };
    await Promise.all([
      retryOnLockConflict(twoRows('lock-a', 'lock-b', held.first, held.second)),
      retryOnLockConflict(twoRows('lock-b', 'lock-a', held.second, held.first)),
    ]);
    expect(seen).toHaveLength(1);
    expect((seen[0] as { driverError?: { code?: string } }).driverError?.code).toBe('ER_LOCK_DEADLOCK');
    expect(isLockConflict(seen[0])).toBe(true);
    expect([await balanceOf(db, 'lock-a'), await balanceOf(db, 'lock-b')]).toEqual([2, 2]);
  });
});

interface Deferred {
  readonly promise: Promise<void>;
  resolve(): void;
}

function deferred(): Deferred {
  let resolve!: () => void;
  const promise = new Promise<void>((done) => (resolve = done));
  return { promise, resolve };
}
