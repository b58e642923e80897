import type { DataSource } from 'typeorm';

/** The part of a better-sqlite3 database the ledger uses: prepared statements and synchronous transactions. */
export interface SqliteStatement {
  readonly reader: boolean;
  all(...params: unknown[]): Array<Record<string, unknown>>;
  run(...params: unknown[]): { changes: number; lastInsertRowid: number | bigint };
}
export interface SqliteConnection {
  prepare(sql: string): SqliteStatement;
  /** The function in a transaction; `.immediate` begins it with BEGIN IMMEDIATE (the write lock at once). */
  transaction<F extends () => unknown>(fn: F): F & { immediate: F };
  pragma(sql: string): unknown;
}

const connections = new Map<string, SqliteConnection>();

/** Called from TypeORM's public `prepareDatabase` hook with the one connection TypeORM opens on the file. */
export function keepSqliteConnection(path: string, connection: SqliteConnection): void {
  connections.set(path, connection);
}

/**
 * TypeORM's own SQLite connection, for transactions that must run synchronously on it. The same connection, not a
 * second one: a second writer would wait on TypeORM's open transactions while blocking the event loop that ends them.
 */
export function sqliteConnection(dataSource: DataSource): SqliteConnection {
  const connection = connections.get(String(dataSource.options.database));
  if (!connection || !dataSource.isInitialized) throw new Error(`no open SQLite connection on ${String(dataSource.options.database)}`);
  return connection;
}
