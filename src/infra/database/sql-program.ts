import { Inject, Injectable } from '@nestjs/common';
import { DataSource, EntityManager } from 'typeorm';
import { mysqlExecute } from './mysql-execute.js';
import { SqliteConnection, sqliteConnection, SqliteStatement } from './sqlite-connection.js';

/** One SQL statement a program asks for; `exec` answers {affected, insertId}, `query` answers rows. */
export type SqlStatement = { readonly kind: 'exec' | 'query'; readonly sql: string; readonly params: readonly unknown[] };
export type ExecResult = { affected: number; insertId: number };
export type Row = Record<string, unknown>;

/**
 * A transaction written once as a generator of SQL statements, run by either database.
 * Why: TypeORM shares ONE connection for SQLite, so an async transaction would let other requests' statements slip
 * inside it; better-sqlite3 runs the whole program synchronously in one transaction instead. MySQL runs it async.
 */
export type SqlProgram<T> = Generator<SqlStatement, T, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

export const exec = (sql: string, ...params: unknown[]): SqlStatement => ({ kind: 'exec', sql, params });
export const query = (sql: string, ...params: unknown[]): SqlStatement => ({ kind: 'query', sql, params });

export type Dialect = 'mysql' | 'sqlite';

const sqliteParam = (value: unknown) => (typeof value === 'boolean' ? Number(value) : value instanceof Date ? value.toISOString().replace('T', ' ').replace('Z', '') : value);

@Injectable()
export class SqlProgramRunner {
  readonly dialect: Dialect;
  private readonly statements = new Map<string, SqliteStatement>();

  constructor(@Inject(DataSource) private readonly dataSource: DataSource) {
    this.dialect = dataSource.options.type === 'mysql' ? 'mysql' : 'sqlite';
  }

  async run<T>(program: () => SqlProgram<T>): Promise<T> {
    if (this.dialect === 'mysql') return this.dataSource.transaction((manager) => this.runMysql(manager, program()));
    const db = sqliteConnection(this.dataSource);
    // IMMEDIATE: the write lock is taken at BEGIN, waiting out busy_timeout for another process (the CLI, a worker); a
    // deferred transaction that reads, then writes after another process wrote, fails at once with "database is locked".
    return db.transaction(() => drive(program(), (step) => this.runSqliteStatement(db, step))).immediate() as T;
  }

  /** One read statement's rows, plain objects keyed by column name: no query builder, no entity hydration. */
  async rows(step: SqlStatement): Promise<Row[]> {
    return (await this.one(step)) as Row[];
  }

  /** One write statement outside any transaction: rows affected and the inserted id. */
  async execute(step: SqlStatement): Promise<ExecResult> {
    return (await this.one(step)) as ExecResult;
  }

  /** A MySQL stored procedure's first result set: the whole transaction in one round trip, pages as binary. */
  async call(procedure: string, ...params: unknown[]): Promise<Row[]> {
    const results = (await mysqlExecute(this.dataSource, `CALL ${procedure}(${params.map(() => '?').join(', ')})`, params)) as [Row[], unknown];
    return results[0];
  }

  private async runMysql<T>(manager: EntityManager, steps: SqlProgram<T>): Promise<T> {
    let next = steps.next();
    while (!next.done) next = steps.next(await mysqlAnswer(manager, next.value));
    return next.value;
  }

  /** One statement outside any transaction: a round trip on MySQL, the prepared statement on SQLite. */
  private async one(step: SqlStatement): Promise<Row[] | ExecResult> {
    if (this.dialect === 'mysql') return mysqlAnswer(this.dataSource.manager, step);
    return this.runSqliteStatement(sqliteConnection(this.dataSource), step);
  }

  private runSqliteStatement(db: SqliteConnection, step: SqlStatement): Row[] | ExecResult {
    let statement = this.statements.get(step.sql);
    if (!statement) this.statements.set(step.sql, (statement = db.prepare(step.sql)));
    const params = step.params.map(sqliteParam);
    if (statement.reader) return statement.all(...params);
    const result = statement.run(...params);
    return { affected: result.changes, insertId: Number(result.lastInsertRowid) };
  }
}

async function mysqlAnswer(manager: EntityManager, step: SqlStatement): Promise<Row[] | ExecResult> {
  const result = (await manager.query(step.sql, [...step.params])) as Row[] | { affectedRows: number; insertId: number | string };
  return Array.isArray(result) ? result : { affected: result.affectedRows, insertId: Number(result.insertId) };
}

/** Runs a program whose every statement is answered synchronously. */
function drive<T>(steps: SqlProgram<T>, answer: (step: SqlStatement) => unknown): T {
  let next = steps.next();
  while (!next.done) next = steps.next(answer(next.value));
  return next.value;
}

/** `INSERT ... ` that adds to counters when the row exists; keys and columns are ours, never user input. */
export function upsertAdd(dialect: Dialect, table: string, keys: Record<string, unknown>, add: Record<string, number>): SqlStatement {
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
