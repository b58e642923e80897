import { failure, HTML, MountedPaths, plainOperation } from '../../common/openapi/plain-operations.js';
import { responseHeaders } from '../../common/openapi/response-headers.js';
import { QUEUE_BOARD_PATH } from './queue-board.js';

/** GET /admin/queues in the OpenAPI document: Bull Board is mounted on Fastify, where no route decorator sees it. */
export const QUEUE_BOARD_PATHS: MountedPaths = {
  [QUEUE_BOARD_PATH]: {
    get: plainOperation({
      operationId: 'queueBoard',
      tag: 'admin',
      summary: 'The queue dashboard (Bull Board): waiting, active and delayed jobs; it changes them only with QUEUE_BOARD_WRITE',
      security: [{ adminBasic: [] }],
      responses: {
        200: { description: 'The dashboard', content: HTML },
        401: failure('Missing or wrong password (ADMIN_TOKEN), or the dashboard is off: ADMIN_TOKEN is unset (no challenge then)', 'MessageError', responseHeaders('WWW-Authenticate')),
      },
    }),
  },
};
