/**
 * Column values of a plain SQL row as TypeORM would hydrate them, for reads that skip the query builder: MySQL
 * (timezone 'Z') answers DATETIME as a Date and BOOLEAN as 0/1; SQLite answers a UTC text and 0/1.
 */
export function rowDate(value: unknown): Date | null {
  if (value === null || value === undefined) return null;
  if (value instanceof Date) return value;
  const text = String(value);
  return new Date(/[zZ]|[+-]\d\d:?\d\d$/.test(text) ? text : `${text.replace(' ', 'T')}Z`);
}

export function rowBoolean(value: unknown): boolean {
  return value === true || value === 1 || value === '1' || (Buffer.isBuffer(value) && value[0] === 1);
}

export function rowInt(value: unknown): number {
  return typeof value === 'number' ? value : Number(value);
}

export function rowIntOrNull(value: unknown): number | null {
  return value === null || value === undefined ? null : rowInt(value);
}

export function rowBuffer(value: unknown): Buffer {
  return Buffer.isBuffer(value) ? value : Buffer.from(value as Uint8Array | string);
}
