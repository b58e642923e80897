import { Injectable } from '@nestjs/common';

// Placeholder until the engine lands (issue 4).
@Injectable()
export class BrowserPool {
  readonly enabled = false;
  async isHealthy(): Promise<boolean> {
    return true;
  }
}
