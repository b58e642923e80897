import { AppError } from './app-error.js';
import { ErrorCode } from './error-code.js';

/** Codes of a MySQL/MariaDB server that cannot be reached or went away (mysql2 marks them `fatal`). */
const DATABASE_CODES = new Set([
  'ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH', 'ENOTFOUND',
  'PROTOCOL_CONNECTION_LOST', 'PROTOCOL_SEQUENCE_TIMEOUT', 'ER_SERVER_SHUTDOWN', 'ER_CON_COUNT_ERROR', 'ER_QUERY_INTERRUPTED',
]);

/**
 * The embedded database's file held by another writer past the busy timeout (better-sqlite3's SQLITE_BUSY and its
 * extended codes, SQLITE_LOCKED): as unavailable to this request as a server that went away.
 */
const SQLITE_LOCK = /^SQLITE_(BUSY|LOCKED)/;

/** What ioredis says when a command cannot reach the server (offline queue gave up, socket closed, reconnecting). */
const REDIS_MESSAGES = [/^Connection is closed/, /Stream isn't writeable/, /^Reached the max retries per request limit/];

interface DriverError {
  readonly name?: string;
  readonly code?: string;
  readonly fatal?: boolean;
  readonly message?: string;
  readonly driverError?: DriverError;
}

/** True for a database that is down or dropped the connection, whether TypeORM wrapped the driver's error or not. */
function isDatabaseDown(error: unknown): boolean {
  const candidate = error as DriverError | null;
  if (!candidate || typeof candidate !== 'object') return false;
  const driver = candidate.driverError ?? candidate;
  if (driver.code && DATABASE_CODES.has(driver.code) && (driver.fatal === true || candidate.driverError !== undefined)) return true;
  if (driver.code && SQLITE_LOCK.test(driver.code)) return true;
  return /^Pool is closed|^Can't add new command when connection is in closed state/.test(driver.message ?? '');
}

/** True for a Redis command that failed because the server is unreachable. */
function isRedisDown(error: unknown): boolean {
  const candidate = error as DriverError | null;
  if (!candidate || typeof candidate !== 'object') return false;
  if (candidate.name === 'MaxRetriesPerRequestError') return true;
  return REDIS_MESSAGES.some((pattern) => pattern.test(candidate.message ?? ''));
}

/** An outage of a store, as the 503 the caller should see (nothing was charged: the error object says billed false). */
export function storeOutage(error: unknown): AppError | null {
  if (isDatabaseDown(error)) return new AppError(ErrorCode.DatabaseUnavailable, 'The database is unavailable; nothing was charged. Retry later.', { cause: error });
  if (isRedisDown(error)) return new AppError(ErrorCode.QueueUnavailable, 'The job queue is unavailable; nothing was charged. Retry later.', { cause: error });
  return null;
}

export function isStoreOutage(error: unknown): boolean {
  return isDatabaseDown(error) || isRedisDown(error);
}

/** A unique-key violation: a concurrent duplicate wrote the same key first (a ledger entry's (request_key, kind)). */
export function isDuplicateKey(error: unknown): boolean {
  const code = (error as { code?: string })?.code ?? '';
  return code === 'ER_DUP_ENTRY' || code.startsWith('SQLITE_CONSTRAINT');
}
