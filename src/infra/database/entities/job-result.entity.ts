import { Column, Entity } from 'typeorm';
import { JobId } from './columns.js';

/** A finished job's output, kept in the database so every API replica can serve it. */
@Entity('job_result')
export class JobResult {
  @JobId()
  jobId!: string;

  @Column({ type: 'varchar', length: 100 })
  contentType!: string;

  /** The page (HTML) or the JSON `data`; LONGBLOB on MySQL (see the migration). */
  @Column({ type: 'blob' })
  body!: Buffer;

  /** Small JSON facts beside the body: target status, final URL, and the like. */
  @Column({ type: 'text' })
  meta!: string;
}
