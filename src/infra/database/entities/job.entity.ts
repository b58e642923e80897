import { Column, CreateDateColumn, Entity, Index } from 'typeorm';
import { Credits, Host, JobId, LaterTime, OrganizationId } from './columns.js';

/** The kind a metered operation registers under (crawl, screenshot, recipe, chat, ...). */
export type JobKind = string;
/** `cancelled`: DELETE /crawl/{job} took it out before it started (decisions 9.4); a plain varchar, no migration. */
export type JobStatus = 'queued' | 'running' | 'done' | 'failed' | 'cancelled';

/** A job in one of these has ended: its answer, its webhook and its refunds are settled from here on. */
export const ENDED_STATUSES: readonly JobStatus[] = ['done', 'failed', 'cancelled'];
const ENDED: ReadonlySet<string> = new Set<string>(ENDED_STATUSES);
export const isEndedStatus = (status: string): boolean => ENDED.has(status);

@Entity('job')
@Index(['organizationId', 'createdAt'])
@Index(['expiresAt'])
@Index('IDX_job_status_created_at', ['status', 'createdAt'])
export class Job {
  /** The public job id, `<org public id>_<random>`. */
  @JobId()
  id!: string;

  @OrganizationId()
  organizationId!: string;

  @Column({ type: 'varchar', length: 16 })
  kind!: JobKind;

  @Column({ type: 'varchar', length: 16 })
  status!: JobStatus;

  @Host()
  host!: string;

  @Credits()
  price!: number;

  @Column({ type: 'boolean', default: false })
  refunded!: boolean;

  /** The validated request options, JSON. */
  @Column({ type: 'text' })
  options!: string;

  /** Where the job's end is POSTed (decisions.md 7.4); null: no webhook. */
  @Column({ type: 'varchar', length: 2048, nullable: true })
  webhookUrl!: string | null;

  @Column({ type: 'varchar', length: 32, nullable: true })
  errorCode!: string | null;

  @Column({ type: 'varchar', length: 1000, nullable: true })
  errorMessage!: string | null;

  @CreateDateColumn()
  createdAt!: Date;

  @LaterTime()
  startedAt!: Date | null;

  @LaterTime()
  finishedAt!: Date | null;

  @Column({ type: 'datetime' })
  expiresAt!: Date;
}
