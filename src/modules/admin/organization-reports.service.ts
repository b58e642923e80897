import { Injectable } from '@nestjs/common';
import { UsageRepository } from '../billing/usage.repository.js';
import { LedgerEntryRepository } from './ledger-entry.repository.js';
import { UsageDayView, usageDayView } from '../billing/usage-day.view.js';
import { LedgerEntryView, ledgerEntryView } from './organization.view.js';
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

  /** Every entry, newest first. */
  async ledger(organizationId: string): Promise<{ entries: LedgerEntryView[] }> {
    await this.organizations.requireOrganization(organizationId);
    const entries = await this.entries.listForOrganization(organizationId);
    return { entries: entries.map(ledgerEntryView) };
  }

  /** One row per UTC day and host with traffic, oldest day first, both ends of the range included. */
  async days(organizationId: string, range: DayRange): Promise<{ days: UsageDayView[] }> {
    await this.organizations.requireOrganization(organizationId);
    const days = await this.usage.days(organizationId, range.from, range.to);
    return { days: days.map(usageDayView) };
  }
}
