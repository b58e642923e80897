import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A migration that creates one MySQL procedure, and drops it when undone; on SQLite it does nothing (its twin is a
 * program in the repository). Every procedure migration is made by it: what a run migration freezes is its name and
 * its SQL, which each keeps as written in its own file.
 */
export function procedureMigration(name: string, procedure: string, create: string): new () => MigrationInterface {
  const onMysql = (queryRunner: QueryRunner) => queryRunner.connection.driver.options.type === 'mysql';
  class ProcedureMigration implements MigrationInterface {
    readonly name = name;

    async up(queryRunner: QueryRunner): Promise<void> {
      if (onMysql(queryRunner)) await queryRunner.query(create);
    }

    async down(queryRunner: QueryRunner): Promise<void> {
      if (onMysql(queryRunner)) await queryRunner.query(`DROP PROCEDURE IF EXISTS ${procedure}`);
    }
  }
  // The class's own name too, as a written-out migration class has: readers of the list name migrations by it.
  Object.defineProperty(ProcedureMigration, 'name', { value: name });
  return ProcedureMigration;
}
