var __decorate = (this && this.__decorate) || function (decorators, target, key, desc) {
    var c = arguments.length, r = c < 3 ? target : desc === null ? desc = Object.getOwnPropertyDescriptor(target, key) : desc, d;
    if (typeof Reflect === "object" && typeof Reflect.decorate === "function") r = Reflect.decorate(decorators, target, key, desc);
    else for (var i = decorators.length - 1; i >= 0; i--) if (d = decorators[i]) r = (c < 3 ? d(r) : c > 3 ? d(target, key, r) : d(target, key)) || r;
    return c > 3 && r && Object.defineProperty(target, key, r), r;
};
var __metadata = (this && this.__metadata) || function (k, v) {
    if (typeof Reflect === "object" && typeof Reflect.metadata === "function") return Reflect.metadata(k, v);
};
var __param = (this && this.__param) || function (paramIndex, decorator) {
    return function (target, key) { decorator(target, key, paramIndex); }
};
import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
export const exec = (sql, ...params) => ({ kind: 'exec', sql, params });
export const query = (sql, ...params) => ({ kind: 'query', sql, params });
export const batch = (...statements) => ({ kind: 'batch', statements, commit: false });
/** The program's last batch: on MySQL the COMMIT rides in the same round trip. */
export const finalBatch = (...statements) => ({ kind: 'batch', statements, commit: true });
const sqliteParam = (value) => (typeof value === 'boolean' ? Number(value) : value instanceof Date ? value.toISOString().replace('T', ' ').replace('Z', '') : value);
let SqlProgramRunner = class SqlProgramRunner {
    dataSource;
    dialect;
    statements = new Map();
    constructor(dataSource) {
        this.dataSource = dataSource;
        this.dialect = dataSource.options.type === 'mysql' ? 'mysql' : 'sqlite';
    }
    async run(program) {
        return this.dialect === 'sqlite' ? this.runSqlite(program) : this.runMysql(program);
    }
    runSqlite(program) {
        const db = this.dataSource.driver.databaseConnection;
        return db.transaction(() => {
            const steps = program();
            let next = steps.next();
            while (!next.done) {
                const step = next.value;
                const answer = step.kind === 'batch' ? step.statements.map((one) => this.runSqliteStatement(db, one)) : this.runSqliteStatement(db, step);
                next = steps.next(answer);
            }
            return next.value;
        })();
    }
    runSqliteStatement(db, step) {
        const statement = this.prepare(db, step.sql);
        const params = step.params.map(sqliteParam);
        return statement.reader ? statement.all(...params) : this.toExecResult(statement.run(...params));
    }
    /** Round trips are the cost on MySQL: START TRANSACTION rides with the first step, COMMIT with a final batch. */
    async runMysql(program) {
        const runner = this.dataSource.createQueryRunner();
        const connection = (await runner.connect());
        const send = (sqls, params) => new Promise((resolve, reject) => connection.query(sqls.join(';\n'), params, (error, results) => error ? reject(error) : resolve(sqls.length === 1 ? [results] : results)));
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
                if (committed)
                    open = false;
                next = steps.next(step.kind === 'batch' ? mine : mine[0]);
            }
            if (!committed)
                await send(['COMMIT'], []);
            open = false;
            return next.value;
        }
        finally {
            if (open)
                await send(['ROLLBACK'], []).catch(() => undefined);
            await runner.release();
        }
    }
    prepare(db, sql) {
        let statement = this.statements.get(sql);
        if (!statement) {
            statement = db.prepare(sql);
            this.statements.set(sql, statement);
        }
        return statement;
    }
    toExecResult(result) {
        return { affected: result.changes, insertId: Number(result.lastInsertRowid) };
    }
};
SqlProgramRunner = __decorate([
    Injectable(),
    __param(0, Inject(DataSource)),
    __metadata("design:paramtypes", [DataSource])
], SqlProgramRunner);
export { SqlProgramRunner };
function toAnswer(statement, result) {
    if (statement.kind === 'query')
        return result;
    const header = result;
    return { affected: header.affectedRows, insertId: Number(header.insertId) };
}
/** `INSERT ... ` that adds to counters when the row exists; keys and columns are ours, never user input. */
export function upsertAdd(dialect, table, keys, add) {
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
