import { Entity } from 'typeorm';
import { Counter, Day, OrganizationId } from './columns.js';

/** Charged, unrefunded screenshot and chat requests per organization and UTC day (the 402 daily limit). */
@Entity('daily_quota')
export class DailyQuota {
  @OrganizationId(true)
  organizationId!: string;

  @Day()
  day!: string;

  @Counter()
  used!: number;
}
