import { Module } from '@nestjs/common';
import { DiscoveryModule } from '@nestjs/core';
import { AdmissionService } from './admission.service.js';
import { BillingModule } from '../billing/billing.module.js';
import { WebhooksModule } from '../webhooks/webhooks.module.js';
import { CollectKeyGuard } from './collect-key.guard.js';
import { JobCancelService } from './job-cancel.service.js';
import { JobCaptures } from './job-captures.js';
import { JobCollector } from './job-collector.service.js';
import { JobEventsService } from './job-events.service.js';
import { JobHeartbeat } from './job-heartbeat.js';
import { JobJanitor } from './job-janitor.service.js';
import { IdempotentStart } from './idempotent-start.js';
import { JobLine } from './job-line.service.js';
import { JobRunner } from './job-runner.service.js';
import { JobViewService } from './job-view.service.js';
import { JobWorker } from './job-worker.service.js';
import { JobRepository } from './job.repository.js';
import { LostJobSweeper } from './lost-job-sweeper.service.js';
import { IdempotencyService } from './idempotency.service.js';
import { MeteredPipeline } from './metered-pipeline.service.js';
import { OperationRegistry } from './operation-registry.js';
import { JobsController } from './jobs.controller.js';
import { ReplayService } from './replay.service.js';
import { SlotKeeper } from './slot-keeper.service.js';
import { StoredAnswerService } from './stored-answer.service.js';
import { SyncAnswerService } from './sync-answer.service.js';
import { ContentThreadsLifecycle } from './content-threads.lifecycle.js';
import { UnansweredRefundSweeper } from './unanswered-refunds.sweeper.js';

@Module({
  imports: [BillingModule, DiscoveryModule, WebhooksModule],
  controllers: [JobsController],
  providers: [
    OperationRegistry, JobRepository, JobEventsService, JobViewService, MeteredPipeline, JobRunner, JobWorker, JobJanitor, JobCollector, CollectKeyGuard,
    JobHeartbeat, JobLine, LostJobSweeper, IdempotencyService, IdempotentStart, ReplayService, SlotKeeper, ContentThreadsLifecycle,
    AdmissionService, SyncAnswerService, JobCancelService, StoredAnswerService, JobCaptures, UnansweredRefundSweeper,
  ],
  exports: [OperationRegistry, MeteredPipeline, BillingModule, JobRunner, JobRepository, JobLine, IdempotentStart],
})
export class JobsModule {}
