import { Entity } from 'typeorm';
import { Counter, Day, Host, OrganizationId } from './columns.js';

/** Per organization, UTC day and target host: what was asked, what reached the crawler, what succeeded, what it cost. */
@Entity('usage_tally')
export class UsageTally {
  @OrganizationId(true)
  organizationId!: string;

  @Day()
  day!: string;

  @Host(true)
  host!: string;

  /** Charged requests (refunded ones included). */
  @Counter()
  requests!: number;

  @Counter()
  attempts!: number;

  @Counter()
  crawls!: number;

  /** Net credits: charges minus refunds. */
  @Counter()
  credits!: number;
}
