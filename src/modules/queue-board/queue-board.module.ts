import { Module } from '@nestjs/common';
import { QueueBoard } from './queue-board.js';

/** GET /admin/queues: Bull Board behind HTTP Basic auth. */
@Module({ providers: [QueueBoard] })
export class QueueBoardModule {}
