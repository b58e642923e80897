import { performContentTask } from './content-task.js';
import type { ContentReply, ContentTask } from './content-task.js';

/** The entry of content-threads.ts's pool: one task a call, in a thread of its own. */
export default function contentThread(task: ContentTask): ContentReply | Promise<ContentReply> {
  return performContentTask(task);
}
