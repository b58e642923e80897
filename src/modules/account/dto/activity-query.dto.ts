import { Allow } from 'class-validator';
import { HeaderOnlyQuery } from '../../auth/header-only-query.js';

/** GET /account/usage: the values are read by accountUsageRange(), which also refuses a repeated one. */
export class AccountUsageQuery extends HeaderOnlyQuery {
  @Allow()
  from?: unknown;

  @Allow()
  to?: unknown;
}

/** GET /account/jobs: the value is read by jobsLimit(). */
export class AccountJobsQuery extends HeaderOnlyQuery {
  @Allow()
  limit?: unknown;
}
