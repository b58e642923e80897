import { InjectQueue } from '@nestjs/bull';
import { Injectable, Logger, OnModuleInit } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import { createBullBoard } from '@bull-board/api';
import { BullAdapter } from '@bull-board/api/bullAdapter';
import { FastifyAdapter } from '@bull-board/fastify';
import type { Queue } from 'bull';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppConfig } from '../../config/app-config.js';
import { InjectConfig } from '../../config/config.module.js';
import { JOBS_QUEUE, JobPayload } from '../../infra/queue/queue.constants.js';
import { basicAuthHook, readOnlyHook } from './basic-auth.js';

export const QUEUE_BOARD_PATH = '/admin/queues';

/**
 * Bull Board on the Nest Fastify instance (decisions.md 7.5), in a plugin scope of its own whose every route asks for
 * HTTP Basic auth with ADMIN_TOKEN as the password, read-only unless QUEUE_BOARD_WRITE (decisions 8.5). Not mounted
 * without ADMIN_TOKEN, nor in a worker-only process.
 */
@Injectable()
export class QueueBoard implements OnModuleInit {
  private readonly logger = new Logger(QueueBoard.name);

  constructor(
    @InjectConfig() private readonly config: AppConfig,
    @InjectQueue(JOBS_QUEUE) private readonly queue: Queue<JobPayload>,
    private readonly adapterHost: HttpAdapterHost,
  ) {}

  onModuleInit(): void {
    const token = this.config.adminToken;
    if (!this.config.runsApi) return;
    const fastify = this.adapterHost.httpAdapter.getInstance<FastifyInstance>();
    if (!token) {
      // Under /admin, which is switched off (401) without ADMIN_TOKEN (decisions.md 4); no Basic challenge: no password works.
      const off = async (_request: FastifyRequest, reply: FastifyReply) => reply.status(401).send({ message: 'The queue dashboard is off: ADMIN_TOKEN is unset.' });
      fastify.all(QUEUE_BOARD_PATH, off);
      fastify.all(`${QUEUE_BOARD_PATH}/*`, off);
      return;
    }
    const board = new FastifyAdapter();
    // @bull-board/fastify 9.10.1 pins its own copy of @bull-board/api one patch behind ours: same interface, other class.
    const serverAdapter = board as unknown as Parameters<typeof createBullBoard>[0]['serverAdapter'];
    const readOnlyMode = !this.config.queueBoardWrite;
    createBullBoard({ queues: [new BullAdapter(this.queue, { readOnlyMode })], serverAdapter, options: { uiConfig: { boardTitle: 'Crawlgate' } } });
    board.setBasePath(QUEUE_BOARD_PATH);
    void fastify.register(async (scope) => {
      scope.addHook('onRequest', basicAuthHook(token, 'Crawlgate queues'));
      // Both: the board hides its buttons, and no route (of this version or a later one) can write behind its back.
      if (readOnlyMode) scope.addHook('onRequest', readOnlyHook);
      await scope.register(board.registerPlugin(), { prefix: QUEUE_BOARD_PATH });
    });
    this.logger.log(`queue dashboard on ${QUEUE_BOARD_PATH}`);
  }
}
