import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';

export type LedgerKind = 'grant' | 'charge' | 'refund' | 'topup';

/** Append-only: every change of a balance is one row; (request_key, kind) makes charges and refunds idempotent. */
@Entity('ledger_entry')
@Index(['requestKey', 'kind'], { unique: true })
@Index(['organizationId', 'id'])
export class LedgerEntry {
  @PrimaryGeneratedColumn({ type: 'bigint' })
  id!: string;

  @Column({ type: 'varchar', length: 32 })
  organizationId!: string;

  @Column({ type: 'int' })
  amount!: number;

  @Column({ type: 'int' })
  balanceAfter!: number;

  @Column({ type: 'varchar', length: 16 })
  kind!: LedgerKind;

  @Column({ type: 'varchar', length: 255 })
  reason!: string;

  @Column({ type: 'varchar', length: 80, nullable: true })
  requestKey!: string | null;

  @Column({ type: 'varchar', length: 64, nullable: true })
  jobId!: string | null;

  @CreateDateColumn()
  createdAt!: Date;
}
