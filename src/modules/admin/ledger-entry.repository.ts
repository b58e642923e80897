import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { LessThan, Repository } from 'typeorm';
import { LedgerEntry } from '../../infra/database/entities/index.js';

/** Read side of the ledger for the admin API; entries are written only by LedgerService. */
@Injectable()
export class LedgerEntryRepository {
  constructor(@InjectRepository(LedgerEntry) private readonly entries: Repository<LedgerEntry>) {}

  /** Up to `limit` entries older than `beforeId` (null: the newest), newest first (ids grow with time). */
  page(organizationId: string, beforeId: string | null, limit: number): Promise<LedgerEntry[]> {
    const where = beforeId === null ? { organizationId } : { organizationId, id: LessThan(beforeId) };
    return this.entries.find({ where, order: { id: 'DESC' }, take: limit });
  }
}
