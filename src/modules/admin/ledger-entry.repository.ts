import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import { LedgerEntry } from '../../infra/database/entities/index.js';

/** Read side of the ledger for the admin API; entries are written only by LedgerService. */
@Injectable()
export class LedgerEntryRepository {
  constructor(@InjectRepository(LedgerEntry) private readonly entries: Repository<LedgerEntry>) {}

  /** Newest first (ids grow with time). */
  listForOrganization(organizationId: string): Promise<LedgerEntry[]> {
    return this.entries.find({ where: { organizationId }, order: { id: 'DESC' } });
  }
}
