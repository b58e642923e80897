import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';

/** One SQL statement a program asks for; `exec` answers {affected, insertId}, `query` answers rows. */
export type SqlStatement = { readonly kind: 'exec' | 'query'; readonly sql: string; readonly params: readonly unknown[] };
/** Several statements sent in one round trip (MySQL multi-statement); `commit` ends the transaction with them. */
export type SqlBatch = { readonly kind: 'batch'; readonly statements: readonly SqlStatement[]; readonly commit: boolean };
export type SqlStep = SqlStatement | SqlBatch;
export type ExecResult = { affected: number; insertId: number };
export type Row = Record<string, unknown>;

/**
 * A transaction written once as a generator of SQL steps, run by either database.
 * Why: TypeORM shares ONE connection for SQLite, so an async transaction would let other requests' statements slip
 * inside it; better-sqlite3 runs the whole program synchronously in one transaction instead. MySQL runs it async.
 */
export type SqlProgram<T> = Generator<SqlStep, T, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

export const exec = (sql: string, ...params: unknown[]): SqlStatement => ({ kind: 'exec', sql, params });
export const query = (sql: string, ...params: unknown[]): SqlStatement => ({ kind: 'query', sql, params });
export const batch = (...statements: SqlStatement[]): SqlBatch => ({ kind: 'batch', statements, commit: false });
/** The program's last batch: on MySQL the COMMIT rides in the same round trip. */
export const finalBatch = (...statements: SqlStatement[]): SqlBatch => ({ kind: 'batch', statements, commit: true });

type MysqlResult = Row[] | { affectedRows: number; insertId: number };
interface MysqlConnection {
  query(sql: string, params: unknown[], done: (error: Error | null, results: MysqlResult | MysqlResult[]) => void): void;
}

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
        const step = next.value;
        const answer = step.kind === 'batch' ? step.statements.map((one) => this.runSqliteStatement(db, one)) : this.runSqliteStatement(db, step);
        next = steps.next(answer);
      }
      return next.value;
    })() as T;
  }

  private runSqliteStatement(db: SqliteDatabase, step: SqlStatement): Row[] | ExecResult {
    const statement = this.prepare(db, step.sql);
    const params = step.params.map(sqliteParam);
    return statement.reader ? statement.all(...params) : this.toExecResult(statement.run(...params));
  }

  /** Round trips are the cost on MySQL: START TRANSACTION rides with the first step, COMMIT with a final batch. */
  private async runMysql<T>(program: () => SqlProgram<T>): Promise<T> {
    const runner = this.dataSource.createQueryRunner();
    const connection = (await runner.connect()) as MysqlConnection;
    const send = (sqls: string[], params: unknown[]) =>
      new Promise<MysqlResult[]>((resolve, reject) =>
        connection.query(sqls.join(';\n'), params, (error, results) =>
          error ? reject(error) : resolve(sqls.length === 1 ? [results as MysqlResult] : (results as MysqlResult[]))));
    let open = false;
    try {
      const steps = program();
      let next = steps.next();
      let committed = false;
      while (!next.done) {
        const step = next.value;
        const statements = step.kind === 'batch' ? step.statements : [step];
        const prefix = open ? [] : ['START TRANSACTION'];
        const suffix = step.kind === 'batch' && step.commit ? ['COMMIT'] : [];
        open = true;
        const results = await send([...prefix, ...statements.map((one) => one.sql), ...suffix], statements.flatMap((one) => [...one.params]));
        const mine = results.slice(prefix.length, prefix.length + statements.length).map((result, i) => toAnswer(statements[i], result));
        committed = suffix.length > 0;
        if (committed) open = false;
        next = steps.next(step.kind === 'batch' ? mine : mine[0]);
      }
      if (!committed) await send(['COMMIT'], []);
      open = false;
      return next.value;
    } finally {
      if (open) await send(['ROLLBACK'], []).catch(() => undefined);
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

function toAnswer(statement: SqlStatement, result: MysqlResult): Row[] | ExecResult {
  if (statement.kind === 'query') return result as Row[];
  const header = result as { affectedRows: number; insertId: number };
  return { affected: header.affectedRows, insertId: Number(header.insertId) };
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
