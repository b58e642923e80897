import { Table, TableIndex } from 'typeorm';
/** One schema for MySQL and SQLite: only the column types that differ are chosen per driver. */
export class InitialSchema1763769600000 {
    name = 'InitialSchema1763769600000';
    async up(queryRunner) {
        const mysql = queryRunner.connection.driver.options.type === 'mysql';
        const id = (name, length = 32) => ({ name, type: 'varchar', length: String(length) });
        const time = (name, nullable = false) => ({
            name,
            type: 'datetime',
            ...(mysql ? { precision: 6 } : {}),
            isNullable: nullable,
        });
        const created = () => ({ ...time('created_at'), default: mysql ? 'CURRENT_TIMESTAMP(6)' : "(datetime('now'))" });
        const count = (name) => ({ name, type: 'int', default: 0 });
        await queryRunner.createTable(new Table({
            name: 'organization',
            columns: [
                { ...id('id'), isPrimary: true },
                { ...id('public_id', 16), isUnique: true },
                { name: 'name', type: 'varchar', length: '200' },
                { name: 'plan', type: 'varchar', length: '16' },
                { name: 'balance', type: 'int' },
                { name: 'concurrency_override', type: 'int', isNullable: true },
                { name: 'daily_limit_override', type: 'int', isNullable: true },
                created(),
            ],
        }));
        await queryRunner.createTable(new Table({
            name: 'api_key',
            columns: [
                { ...id('id'), isPrimary: true },
                id('organization_id'),
                { name: 'prefix', type: 'varchar', length: '16' },
                { name: 'key_hash', type: 'varchar', length: '64', isUnique: true },
                time('revoked_at', true),
                created(),
            ],
            indices: [new TableIndex({ columnNames: ['organization_id'] })],
        }));
        await queryRunner.createTable(new Table({
            name: 'user',
            columns: [
                { ...id('id'), isPrimary: true },
                { name: 'email', type: 'varchar', length: '254' },
                id('organization_id'),
                { name: 'token_hash', type: 'varchar', length: '64', isUnique: true },
                created(),
            ],
        }));
        await queryRunner.createTable(new Table({
            name: 'ledger_entry',
            columns: [
                { name: 'id', type: mysql ? 'bigint' : 'integer', isPrimary: true, isGenerated: true, generationStrategy: 'increment' },
                id('organization_id'),
                { name: 'amount', type: 'int' },
                { name: 'balance_after', type: 'int' },
                { name: 'kind', type: 'varchar', length: '16' },
                { name: 'reason', type: 'varchar', length: '255' },
                { ...id('request_key', 80), isNullable: true },
                { ...id('job_id', 64), isNullable: true },
                created(),
            ],
            indices: [
                new TableIndex({ columnNames: ['request_key', 'kind'], isUnique: true }),
                new TableIndex({ columnNames: ['organization_id', 'id'] }),
            ],
        }));
        await queryRunner.createTable(new Table({
            name: 'usage_tally',
            columns: [
                { ...id('organization_id'), isPrimary: true },
                { name: 'day', type: 'varchar', length: '10', isPrimary: true },
                { name: 'host', type: 'varchar', length: '255', isPrimary: true },
                count('requests'),
                count('attempts'),
                count('crawls'),
                count('credits'),
            ],
        }));
        await queryRunner.createTable(new Table({
            name: 'daily_quota',
            columns: [
                { ...id('organization_id'), isPrimary: true },
                { name: 'day', type: 'varchar', length: '10', isPrimary: true },
                count('used'),
            ],
        }));
        await queryRunner.createTable(new Table({
            name: 'job',
            columns: [
                { ...id('id', 64), isPrimary: true },
                id('organization_id'),
                { name: 'kind', type: 'varchar', length: '16' },
                { name: 'status', type: 'varchar', length: '16' },
                { name: 'host', type: 'varchar', length: '255' },
                { name: 'price', type: 'int' },
                { name: 'refunded', type: 'boolean', default: false },
                { name: 'options', type: 'text' },
                { name: 'error_code', type: 'varchar', length: '32', isNullable: true },
                { name: 'error_message', type: 'varchar', length: '1000', isNullable: true },
                created(),
                time('started_at', true),
                time('finished_at', true),
                time('expires_at'),
            ],
            indices: [
                new TableIndex({ columnNames: ['organization_id', 'created_at'] }),
                new TableIndex({ columnNames: ['expires_at'] }),
            ],
        }));
        await queryRunner.createTable(new Table({
            name: 'job_result',
            columns: [
                { ...id('job_id', 64), isPrimary: true },
                { name: 'content_type', type: 'varchar', length: '100' },
                { name: 'body', type: mysql ? 'longblob' : 'blob' },
                { name: 'meta', type: 'text' },
            ],
        }));
    }
    async down(queryRunner) {
        for (const table of ['job_result', 'job', 'daily_quota', 'usage_tally', 'ledger_entry', 'user', 'api_key', 'organization']) {
            await queryRunner.dropTable(table);
        }
    }
}
