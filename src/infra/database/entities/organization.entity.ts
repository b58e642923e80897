import { Column, CreateDateColumn, Entity } from 'typeorm';
import { Credits, RowId } from './columns.js';
import type { PlanName } from '../../../config/json-files.js';

@Entity('organization')
export class Organization {
  @RowId()
  id!: string;

  /** Short random id that prefixes job ids; never a row number. */
  @Column({ type: 'varchar', length: 16, unique: true })
  publicId!: string;

  @Column({ type: 'varchar', length: 200 })
  name!: string;

  @Column({ type: 'varchar', length: 16 })
  plan!: PlanName;

  @Credits()
  balance!: number;

  @Column({ type: 'int', nullable: true })
  concurrencyOverride!: number | null;

  /** -1 means unlimited for this organization whatever the plan says. */
  @Column({ type: 'int', nullable: true })
  dailyLimitOverride!: number | null;

  /** Signs webhook deliveries (decisions.md 7.4); null until the organization makes one. */
  @Column({ type: 'varchar', length: 128, nullable: true })
  webhookSecret!: string | null;

  @CreateDateColumn()
  createdAt!: Date;
}
