import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';
import { Credits, JobReference, OrganizationId } from './columns.js';

export type LedgerKind = 'grant' | 'charge' | 'refund' | 'topup';

/** Append-only: every change of a balance is one row; (request_key, kind) makes charges and refunds idempotent. */
@Entity('ledger_entry')
@Index(['requestKey', 'kind'], { unique: true })
@Index(['organizationId', 'id'])
export class LedgerEntry {
  @PrimaryGeneratedColumn({ type: 'bigint' })
  id!: string;

  @OrganizationId()
  organizationId!: string;

  @Credits()
  amount!: number;

  @Credits()
  balanceAfter!: number;

  @Column({ type: 'varchar', length: 16 })
  kind!: LedgerKind;

  @Column({ type: 'varchar', length: 255 })
  reason!: string;

  @Column({ type: 'varchar', length: 80, nullable: true })
  requestKey!: string | null;

  @JobReference()
  jobId!: string | null;

  @CreateDateColumn()
  createdAt!: Date;
}
