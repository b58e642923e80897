import { Organization } from '../../infra/database/entities/index.js';
import type { Row } from '../../infra/database/sql-program.js';
import { rowDate, rowInt, rowIntOrNull } from '../../infra/database/row-values.js';

/** The organization's columns for reads in plain SQL (`organization o`). */
export const ORGANIZATION_COLUMNS =
  'o.id, o.public_id, o.name, o.plan, o.balance, o.concurrency_override, o.daily_limit_override, o.webhook_secret, o.created_at';

/** A plain row as the Organization entity TypeORM would have hydrated. */
export function organizationFromRow(row: Row): Organization {
  return Object.assign(new Organization(), {
    id: row.id as string,
    publicId: row.public_id as string,
    name: row.name as string,
    plan: row.plan as Organization['plan'],
    balance: rowInt(row.balance),
    concurrencyOverride: rowIntOrNull(row.concurrency_override),
    dailyLimitOverride: rowIntOrNull(row.daily_limit_override),
    webhookSecret: (row.webhook_secret as string | null) ?? null,
    createdAt: rowDate(row.created_at)!,
  });
}
