import { ApiKey } from './api-key.entity.js';
import { DailyQuota } from './daily-quota.entity.js';
import { JobResult } from './job-result.entity.js';
import { Job } from './job.entity.js';
import { LedgerEntry } from './ledger-entry.entity.js';
import { Organization } from './organization.entity.js';
import { UsageTally } from './usage-tally.entity.js';
import { User } from './user.entity.js';

export { ApiKey, DailyQuota, Job, JobResult, LedgerEntry, Organization, UsageTally, User };
export type { JobKind, JobStatus } from './job.entity.js';
export { ENDED_STATUSES, isEndedStatus } from './job.entity.js';
export type { LedgerKind } from './ledger-entry.entity.js';

export const ENTITIES = [Organization, ApiKey, User, LedgerEntry, UsageTally, DailyQuota, Job, JobResult];
