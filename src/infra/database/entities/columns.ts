import { Column, PrimaryColumn } from 'typeorm';

/**
 * The column kinds several tables share, each decided once: a row that names an organization or a job must hold
 * every id the owning table can hold. The migrations write the same types out in their frozen SQL; the entities
 * only describe the tables to TypeORM (never `synchronize`).
 */

/** An organization's, a key's or a user's id: random base62 (`randomId`), at most 32 characters. */
export const RowId = (): PropertyDecorator => PrimaryColumn({ type: 'varchar', length: 32 });

/** The organization a row belongs to; `primary` where it leads the table's key. */
export const OrganizationId = (primary = false): PropertyDecorator =>
  (primary ? PrimaryColumn : Column)({ type: 'varchar', length: 32 });

/** A public job id, `<org public id>_<random>`: the job's key, or its result's. */
const JOB_ID = { type: 'varchar', length: 64 } as const;
export const JobId = (): PropertyDecorator => PrimaryColumn(JOB_ID);

/** The job a row may name (a ledger entry's). */
export const JobReference = (): PropertyDecorator => Column({ ...JOB_ID, nullable: true });

/** A target's host name, as a job records it and the daily tally counts it. */
export const Host = (primary = false): PropertyDecorator => (primary ? PrimaryColumn : Column)({ type: 'varchar', length: 255 });

/** A UTC day, `YYYY-MM-DD`, leading a per-day table's key with the organization. */
export const Day = (): PropertyDecorator => PrimaryColumn({ type: 'varchar', length: 10 });

/** A count or a sum that starts at 0. */
export const Counter = (): PropertyDecorator => Column({ type: 'int', default: 0 });

/** An amount of credits (a price, a balance, a ledger movement). */
export const Credits = (): PropertyDecorator => Column({ type: 'int' });

/** A moment that has not happened yet for some rows. */
export const LaterTime = (): PropertyDecorator => Column({ type: 'datetime', nullable: true });
