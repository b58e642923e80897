import { Column, Entity, PrimaryColumn } from 'typeorm';

/** Per organization, UTC day and target host: what was asked, what reached the crawler, what succeeded, what it cost. */
@Entity('usage_tally')
export class UsageTally {
  @PrimaryColumn({ type: 'varchar', length: 32 })
  organizationId!: string;

  @PrimaryColumn({ type: 'varchar', length: 10 })
  day!: string;

  @PrimaryColumn({ type: 'varchar', length: 255 })
  host!: string;

  /** Charged requests (refunded ones included). */
  @Column({ type: 'int', default: 0 })
  requests!: number;

  @Column({ type: 'int', default: 0 })
  attempts!: number;

  @Column({ type: 'int', default: 0 })
  crawls!: number;

  /** Net credits: charges minus refunds. */
  @Column({ type: 'int', default: 0 })
  credits!: number;
}
