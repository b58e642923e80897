import { Controller, Get, Header, Param, Res } from '@nestjs/common';
import { ApiExcludeEndpoint } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { AppError } from '../../common/errors/app-error.js';
import { ErrorCode } from '../../common/errors/error-code.js';
import { ApiPage } from '../../common/openapi/api-docs.js';
import { NoQuery, QueryOf } from '../../common/validation/query-of.js';
import { DashboardAssets, loadDashboardAssets } from './dashboard-assets.js';

/** Scripts, styles, data and images only from the service itself; the API key never leaves for another origin. */
const CSP = "default-src 'none'; script-src 'self'; style-src 'self'; connect-src 'self'; img-src 'self' data:; form-action 'self'; frame-ancestors 'none'; base-uri 'none'";

/** GET /dashboard: the organization's page (decisions.md 7.5); public files, the data come from /account/*. */
@Controller('dashboard')
export class DashboardController {
  private readonly assets: DashboardAssets = loadDashboardAssets();

  @Get()
  @Header('Content-Security-Policy', CSP)
  @Header('Referrer-Policy', 'no-referrer')
  @ApiPage('account', 'The organization\'s dashboard page: it signs in with an API key and shows the account, its usage and its jobs (GET /account, /account/usage, /account/jobs)')
  dashboard(@QueryOf(NoQuery) _query: NoQuery, @Res() reply: FastifyReply): FastifyReply {
    return this.send(reply, 'index.html');
  }

  @Get(':file')
  @Header('Content-Security-Policy', CSP)
  // The page's own script, style and images: files it loads, not routes a caller uses.
  @ApiExcludeEndpoint()
  asset(@Param('file') file: string, @QueryOf(NoQuery) _query: NoQuery, @Res() reply: FastifyReply): FastifyReply {
    return this.send(reply, file);
  }

  private send(reply: FastifyReply, name: string): FastifyReply {
    const asset = this.assets.get(name);
    if (!asset) throw new AppError(ErrorCode.NotFound, 'Not found.');
    return reply.header('Content-Type', asset.type).header('Cache-Control', 'no-cache').send(asset.body);
  }
}
