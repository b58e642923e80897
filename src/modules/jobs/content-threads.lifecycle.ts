import { Injectable, OnApplicationShutdown, OnModuleInit } from '@nestjs/common';
import { assertContentThreads, closeContentThreads } from '../../infra/content/content-threads.js';

/**
 * The content threads must exist when the process starts (else its content would block the event loop, unbounded),
 * and end with the process's jobs: a stopping worker leaves none behind to hold it open.
 */
@Injectable()
export class ContentThreadsLifecycle implements OnModuleInit, OnApplicationShutdown {
  onModuleInit(): void {
    assertContentThreads();
  }

  onApplicationShutdown(): Promise<void> {
    return closeContentThreads();
  }
}
