import { Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import type { Redis } from 'ioredis';
import type { AppConfig } from '../../config/app-config.js';
import { InjectConfig } from '../../config/config.module.js';
import { PeriodicTask } from '../../common/time/periodic-task.js';
import { redisNow } from '../../infra/redis/lease-set.js';
import { InjectRedis } from '../../infra/redis/redis.module.js';
import type { SlotHolder } from '../billing/limits.service.js';
import { LimitsService } from '../billing/limits.service.js';
import { JobRepository } from './job.repository.js';
import { OperationRegistry } from './operation-registry.js';

const TURN_KEY = 'crawlgate:slot-keeper:turn';
/** Queued, and running, jobs read a period: the workers' slots bound the running ones, the plans' the queued ones. */
const OPEN_BATCH = 5000;

/** A site page's holder (its plan slot, its place at its host): `<crawl id>/<page id>` (decisions.md 9.3). */
export const pageHolder = (crawlId: string, pageId: string): string => `${crawlId}/${pageId}`;
/** A slot's job: the holder itself, or a site crawl's, for a page's slot (pageHolder). */
export const jobOfHolder = (holder: string): string => holder.split('/')[0];
/** The site page of a page's holder (pageHolder); null for a job's own. */
export const pageOfHolder = (holder: string): string | null => (holder.includes('/') ? holder.slice(holder.indexOf('/') + 1) : null);

/**
 * Keeps plan slots true to their jobs (the slots themselves are LimitsService's): every third of a lease, one process
 * (whichever takes the turn) renews the lease of every job still queued or running, restoring one that lapsed, and
 * frees the slots of ended jobs whose release was lost (Redis down at the end) or of admissions that never became a
 * job (their process died); a queued or running job that no index lists (Redis lost its data) takes its slot again.
 * Times are Redis's clock, as the leases' scores are.
 */
@Injectable()
export class SlotKeeper implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(SlotKeeper.name);
  private readonly task = new PeriodicTask(async () => this.keepOnce(await redisNow(this.redis)), (error) => this.logger.warn(`slot leases not kept this period: ${error.message}`));

  constructor(
    @InjectConfig() private readonly config: AppConfig,
    @InjectRedis() private readonly redis: Redis,
    private readonly limits: LimitsService,
    private readonly jobs: JobRepository,
    private readonly registry: OperationRegistry,
  ) {}

  private get periodMs(): number {
    return Math.floor(this.config.slotLeaseMs / 3);
  }

  onApplicationBootstrap(): void {
    this.task.start(this.periodMs);
  }

  onApplicationShutdown(): void {
    this.task.stop();
  }

  /** `now`: Redis's clock (ms), as the holders' `since`; read from Redis when not given. */
  keep(now?: number): Promise<void> {
    return this.task.run(async () => this.keepOnce(now ?? (await redisNow(this.redis))));
  }

  private async keepOnce(now: number): Promise<void> {
    if ((await this.redis.set(TURN_KEY, String(process.pid), 'PX', Math.max(1, this.periodMs - 50), 'NX')) !== 'OK') return;
    const holders = await this.limits.slotHolders();
    const statuses = await this.jobs.statusesOf(holders.map((holder) => jobOfHolder(holder.holder)));
    const live: SlotHolder[] = [];
    const over: SlotHolder[] = [];
    for (const holder of holders) {
      const status = statuses.get(jobOfHolder(holder.holder));
      // No row yet: admitted a moment ago (the row follows the slot), unless that was a lease ago.
      const lives = status === 'queued' || status === 'running' || (status === undefined && now - holder.since < this.config.slotLeaseMs);
      (lives ? live : over).push(holder);
    }
    await this.limits.keepSlots(live, this.config.slotLeaseMs);
    for (const holder of over) await this.limits.releaseSlot(holder.organizationId, holder.holder);
    await this.restoreUnlisted(new Set(holders.map((holder) => holder.holder)));
  }

  /**
   * Jobs whose row says queued or running hold a slot from their admission to their end. One no index listed when it
   * was read before the rows lost it with Redis's data: it is taken again, or the organization could run past its plan
   * meanwhile. A job that ended between the rows' read and the restore (its release found nothing) is read again and
   * its slot, as restored, released: it never holds one for an ended job until the next period.
   */
  private async restoreUnlisted(listed: ReadonlySet<string>): Promise<void> {
    const open = await this.jobs.openJobs(this.registry.ownKinds(), OPEN_BATCH);
    const lost = open.filter((job) => !listed.has(job.id)).map((job) => ({ holder: job.id, organizationId: job.organizationId }));
    const restored = await this.limits.restoreSlots(lost, this.config.slotLeaseMs);
    if (restored.length === 0) return;
    const statuses = await this.jobs.statusesOf(restored.map((slot) => slot.holder));
    const ended = restored.filter((slot) => !['queued', 'running'].includes(statuses.get(slot.holder) ?? ''));
    for (const slot of ended) await this.limits.releaseSlotAsSeen(slot);
    if (restored.length > ended.length) this.logger.warn(`${restored.length - ended.length} slot(s) of queued or running jobs taken again: Redis had lost them`);
  }
}
