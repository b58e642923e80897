import { Injectable, OnApplicationShutdown } from '@nestjs/common';
import { closeContentThreads } from '../../infra/content/content-threads.js';

/** The content threads end with the process's jobs: a stopping worker leaves none behind to hold it open. */
@Injectable()
export class ContentThreadsLifecycle implements OnApplicationShutdown {
  onApplicationShutdown(): Promise<void> {
    return closeContentThreads();
  }
}
