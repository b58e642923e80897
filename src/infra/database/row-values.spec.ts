import { rowBoolean, rowDate, rowIntOrNull } from './row-values.js';

describe('row values (plain SQL rows read as TypeORM would hydrate them)', () => {
  it('reads SQLite UTC text and MySQL Dates as the same instant', () => {
    expect(rowDate('2026-11-25 21:17:48')?.toISOString()).toBe('2026-11-25T21:17:48.000Z');
    expect(rowDate('2026-11-25 21:17:48.123')?.toISOString()).toBe('2026-11-25T21:17:48.123Z');
    expect(rowDate('2026-11-25T21:17:48.123Z')?.toISOString()).toBe('2026-11-25T21:17:48.123Z');
    const date = new Date('2026-11-25T21:17:48.123Z');
    expect(rowDate(date)).toBe(date);
    expect(rowDate(null)).toBeNull();
  });

  it('reads booleans stored as 0/1 and nullable integers', () => {
    expect([rowBoolean(1), rowBoolean(0), rowBoolean(true), rowBoolean(false)]).toEqual([true, false, true, false]);
    expect([rowIntOrNull(null), rowIntOrNull(-1), rowIntOrNull('42')]).toEqual([null, -1, 42]);
  });
});
