import { Column, Entity, PrimaryColumn } from 'typeorm';

/** Charged, unrefunded screenshot and chat requests per organization and UTC day (the 402 daily limit). */
@Entity('daily_quota')
export class DailyQuota {
  @PrimaryColumn({ type: 'varchar', length: 32 })
  organizationId!: string;

  @PrimaryColumn({ type: 'varchar', length: 10 })
  day!: string;

  @Column({ type: 'int', default: 0 })
  used!: number;
}
