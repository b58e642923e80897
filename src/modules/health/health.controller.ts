import { Controller, Get } from '@nestjs/common';
import { ApiResponse, ApiTags } from '@nestjs/swagger';
import { ref } from '../../common/openapi/schemas.js';
import { NoQuery, QueryOf } from '../../common/validation/query-of.js';
import { HealthCheck, HealthCheckService, TypeOrmHealthIndicator } from '@nestjs/terminus';
import { RedisHealthIndicator } from './redis.health.js';
import { BrowserHealthIndicator } from './browser.health.js';

/** Both routes take no query parameter: one given is 422, as on every route (decisions 8). */
const NO_PARAMETERS = { status: 422, description: 'A query parameter was given: these routes take none', content: { 'application/json': { schema: ref('ValidationError') } } };

@Controller('health')
@ApiTags('health')
export class HealthController {
  constructor(
    private readonly health: HealthCheckService,
    private readonly database: TypeOrmHealthIndicator,
    private readonly redis: RedisHealthIndicator,
    private readonly browser: BrowserHealthIndicator,
  ) {}

  @Get('live')
  @ApiResponse({ status: 200, description: 'The process runs', content: { 'application/json': { schema: ref('Health') } } })
  @ApiResponse(NO_PARAMETERS)
  live(@QueryOf(NoQuery) _query: NoQuery) {
    return { status: 'ok' };
  }

  @Get('ready')
  @HealthCheck()
  @ApiResponse({ status: 200, description: 'Database, Redis and (in workers) the browser are up', content: { 'application/json': { schema: ref('Health') } } })
  @ApiResponse({ status: 503, description: 'A dependency is down', content: { 'application/json': { schema: ref('Health') } } })
  @ApiResponse(NO_PARAMETERS)
  ready(@QueryOf(NoQuery) _query: NoQuery) {
    return this.health.check([
      () => this.database.pingCheck('database', { timeout: 2000 }),
      () => this.redis.check('redis'),
      () => this.browser.check('browser'),
    ]);
  }
}
