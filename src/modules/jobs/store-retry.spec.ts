import { describe, expect, it, jest } from '@jest/globals';
import { useFakeClock } from '../../../test/unit/support/fake-clock.js';
import { retryStoreWrite } from './store-retry.js';

/** A mysql2 error as TypeORM wraps it. */
const driverError = (code: string, fatal = false) => Object.assign(new Error(code), { driverError: { code, fatal } });

/** Work (a jest mock, counting its runs) that fails with `errors` in turn, then answers 'done'. */
function failing(...errors: Error[]) {
  const work = jest.fn(async () => {
    const next = errors.shift();
    if (next) throw next;
    return 'done';
  });
  return work;
}

describe('retryStoreWrite', () => {
  useFakeClock();

  it('runs a job row\'s transaction again after a deadlock or a lock wait timeout (InnoDB rolled it back whole)', async () => {
    const work = failing(driverError('ER_LOCK_DEADLOCK'), driverError('ER_LOCK_WAIT_TIMEOUT'));
    const answer = retryStoreWrite(work);
    await jest.advanceTimersByTimeAsync(20);
    await expect(answer).resolves.toBe('done');
    expect(work).toHaveBeenCalledTimes(3);
  });

  it('waits out a database that went away, then runs it again', async () => {
    const work = failing(driverError('ECONNREFUSED', true));
    const answer = retryStoreWrite(work);
    await jest.advanceTimersByTimeAsync(249);
    expect(work).toHaveBeenCalledTimes(1);
    await jest.advanceTimersByTimeAsync(1);
    await expect(answer).resolves.toBe('done');
    expect(work).toHaveBeenCalledTimes(2);
  });

  it('passes any other error at once, and a lock conflict that keeps coming after four runs', async () => {
    const duplicate = failing(driverError('ER_DUP_ENTRY'));
    await expect(retryStoreWrite(duplicate)).rejects.toThrow('ER_DUP_ENTRY');
    expect(duplicate).toHaveBeenCalledTimes(1);
    const deadlocks = failing(...Array.from({ length: 4 }, () => driverError('ER_LOCK_DEADLOCK')));
    const answer = retryStoreWrite(deadlocks);
    answer.catch(() => undefined);
    await jest.advanceTimersByTimeAsync(100);
    await expect(answer).rejects.toThrow('ER_LOCK_DEADLOCK');
    expect(deadlocks).toHaveBeenCalledTimes(4);
  });
});
