import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';

/** One SQL statement a program asks for; `exec` answers {affected, insertId}, `query` answers rows. */
export type SqlStep = { readonly kind: 'exec' | 'query'; readonly sql: string; readonly params: readonly unknown[] };
export type ExecResult = { affected: number; insertId: number };
export type Row = Record<string, unknown>;

/**
 * A transaction written once as a generator of SQL steps, run by either database.
 * Why: TypeORM shares ONE connection for SQLite, so an async transaction would let other requests' statements slip
 * inside it; better-sqlite3 runs the whole program synchronously in one transaction instead. MySQL runs it async.
 */
export type SqlProgram<T> = Generator<SqlStep, T, ExecResult & Row[]>;

export const exec = (sql: string, ...params: unknown[]): SqlStep => ({ kind: 'exec', sql, params });
export const query = (sql: string, ...params: unknown[]): SqlStep => ({ kind: 'query', sql, params });

export type Dialect = 'mysql' | 'sqlite';

interface SqliteStatement {
  reader: boolean;
  all(...params: unknown[]): Row[];
  run(...params: unknown[]): { changes: number; lastInsertRowid: number | bigint };
}
interface SqliteDatabase {
  prepare(sql: string): SqliteStatement;
  transaction<F extends () => unknown>(fn: F): F;
}

const sqliteParam = (value: unknown) => (typeof value === 'boolean' ? Number(value) : value instanceof Date ? value.toISOString().replace('T', ' ').replace('Z', '') : value);

@Injectable()
export class SqlProgramRunner {
  readonly dialect: Dialect;
  private readonly statements = new Map<string, SqliteStatement>();

  constructor(@Inject(DataSource) private readonly dataSource: DataSource) {
    this.dialect = dataSource.options.type === 'mysql' ? 'mysql' : 'sqlite';
  }

  async run<T>(program: () => SqlProgram<T>): Promise<T> {
    return this.dialect === 'sqlite' ? this.runSqlite(program) : this.runMysql(program);
  }

  private runSqlite<T>(program: () => SqlProgram<T>): T {
    const db = (this.dataSource.driver as unknown as { databaseConnection: SqliteDatabase }).databaseConnection;
    return db.transaction(() => {
      const steps = program();
      let next = steps.next();
      while (!next.done) {
        const statement = this.prepare(db, next.value.sql);
        const params = next.value.params.map(sqliteParam);
        const answer = statement.reader ? statement.all(...params) : this.toExecResult(statement.run(...params));
        next = steps.next(answer as ExecResult & Row[]);
      }
      return next.value;
    })() as T;
  }

  private async runMysql<T>(program: () => SqlProgram<T>): Promise<T> {
    const runner = this.dataSource.createQueryRunner();
    await runner.connect();
    try {
      await runner.startTransaction();
      const steps = program();
      let next = steps.next();
      try {
        while (!next.done) {
          const result = await runner.query(next.value.sql, [...next.value.params], true);
          const answer = next.value.kind === 'query'
            ? result.records
            : { affected: result.affected ?? 0, insertId: Number((result.raw as { insertId?: number }).insertId ?? 0) };
          next = steps.next(answer as ExecResult & Row[]);
        }
      } catch (error) {
        await runner.rollbackTransaction();
        throw error;
      }
      await runner.commitTransaction();
      return next.value;
    } finally {
      await runner.release();
    }
  }

  private prepare(db: SqliteDatabase, sql: string): SqliteStatement {
    let statement = this.statements.get(sql);
    if (!statement) {
      statement = db.prepare(sql);
      this.statements.set(sql, statement);
    }
    return statement;
  }

  private toExecResult(result: { changes: number; lastInsertRowid: number | bigint }): ExecResult {
    return { affected: result.changes, insertId: Number(result.lastInsertRowid) };
  }
}

/** `INSERT ... ` that adds to counters when the row exists; keys and columns are ours, never user input. */
export function upsertAdd(dialect: Dialect, table: string, keys: Record<string, unknown>, add: Record<string, number>): SqlStep {
  const columns = [...Object.keys(keys), ...Object.keys(add)];
  const values = [...Object.values(keys), ...Object.values(add)];
  const placeholders = columns.map(() => '?').join(', ');
  const insert = `INSERT INTO ${table} (${columns.join(', ')}) VALUES (${placeholders})`;
  const sets = Object.keys(add);
  const tail = dialect === 'mysql'
    ? ` ON DUPLICATE KEY UPDATE ${sets.map((c) => `${c} = ${c} + VALUES(${c})`).join(', ')}`
    : ` ON CONFLICT (${Object.keys(keys).join(', ')}) DO UPDATE SET ${sets.map((c) => `${c} = ${c} + excluded.${c}`).join(', ')}`;
  return exec(insert + tail, ...values);
}
