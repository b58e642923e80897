import { Injectable } from '@nestjs/common';
import { UsageRepository } from '../billing/usage.repository.js';
import { LedgerEntryRepository } from './ledger-entry.repository.js';
import { UsageDayView, usageDayView } from '../billing/usage-day.view.js';
import { ledgerBody } from './ledger-body.js';
import { OrganizationsService } from './organizations.service.js';
import type { DayRange } from '../billing/usage-range.js';

/** Read-only views of an organization's money and traffic for the admin API. */
@Injectable()
export class OrganizationReportsService {
  constructor(
    private readonly organizations: OrganizationsService,
    private readonly entries: LedgerEntryRepository,
    private readonly usage: UsageRepository,
  ) {}

  /** Every entry, newest first, as JSON text in batches (ledger-body.ts); 404 first for an unknown organization. */
  async ledger(organizationId: string): Promise<AsyncGenerator<string>> {
    await this.organizations.requireOrganization(organizationId);
    return ledgerBody((beforeId, limit) => this.entries.page(organizationId, beforeId, limit));
  }

  /** One row per UTC day and host with traffic, oldest day first, both ends of the range included. */
  async days(organizationId: string, range: DayRange): Promise<{ days: UsageDayView[] }> {
    await this.organizations.requireOrganization(organizationId);
    const days = await this.usage.days(organizationId, range.from, range.to);
    return { days: days.map(usageDayView) };
  }
}
