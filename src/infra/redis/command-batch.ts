import type { ChainableCommander } from 'ioredis';

/** Commands queued by several services, sent together (a MULTI: in order, at once, one round trip). */
export type CommandBatch = ChainableCommander;

/** Sends the batch; throws the first command's error, if any. */
export async function sendBatch(batch: CommandBatch): Promise<void> {
  for (const [error] of (await batch.exec()) ?? []) if (error) throw error;
}
