import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A migration that creates one MySQL procedure, and drops it when undone; on SQLite it does nothing (its twin is a
 * program in the repository). Every procedure migration is made by it: what a run migration freezes is its name and
 * its SQL, which each keeps as written in its own file. With `previous`, it replaces a procedure of that name (dropped
 * first), and puts `previous` back when undone: for a new body whose parameters are unchanged, which the previous
 * release's processes then call too.
 */
export function procedureMigration(name: string, procedure: string, create: string, previous?: string): new () => MigrationInterface {
  const onMysql = (queryRunner: QueryRunner) => queryRunner.connection.driver.options.type === 'mysql';
  const drop = `DROP PROCEDURE IF EXISTS ${procedure}`;
  class ProcedureMigration implements MigrationInterface {
    readonly name = name;

    async up(queryRunner: QueryRunner): Promise<void> {
      if (!onMysql(queryRunner)) return;
      if (previous !== undefined) await queryRunner.query(drop);
      await queryRunner.query(create);
    }

    async down(queryRunner: QueryRunner): Promise<void> {
      if (!onMysql(queryRunner)) return;
      await queryRunner.query(drop);
      if (previous !== undefined) await queryRunner.query(previous);
    }
  }
  // The class's own name too, as a written-out migration class has: readers of the list name migrations by it.
  Object.defineProperty(ProcedureMigration, 'name', { value: name });
  return ProcedureMigration;
}
