import { describe, expect, it } from '@jest/globals';
import { DECORATORS } from '@nestjs/swagger';
import { checkQuery } from '../../../test/fixtures/query-check.js';
import { AccountActivityController } from '../../modules/account/account-activity.controller.js';
import { IntegerParam } from '../../modules/account/dto/activity-params.js';
import { AccountJobsQuery, AccountUsageQuery } from '../../modules/account/dto/activity-query.dto.js';
import { AdminController } from '../../modules/admin/admin.controller.js';
import { ParamDoc } from './param-doc.js';
import { queryParameters } from './query-parameters.js';

/** The query parameters @ApiAccount put on a handler: what SwaggerModule writes into the document. */
const documented = (handler: (...args: never[]) => unknown) =>
  (Reflect.getMetadata(DECORATORS.API_PARAMETERS, handler) as { in: string; name: string; required: boolean; schema: object }[]).filter((parameter) => parameter.in === 'query');

describe('GET /account/usage, GET /account/jobs and the admin usage report in the OpenAPI document', () => {
  it("documents each route's parameters from its DTO, and no key (header only)", () => {
    const { accountUsage, accountJobs } = AccountActivityController.prototype;
    expect(documented(accountUsage).map(({ name, required, schema }) => ({ name, required, schema }))).toEqual([
      { name: 'from', required: false, schema: { type: 'string', format: 'date' } },
      { name: 'to', required: false, schema: { type: 'string', format: 'date' } },
    ]);
    expect(documented(accountJobs).map(({ name, required, schema }) => ({ name, required, schema }))).toEqual([
      { name: 'limit', required: false, schema: { type: 'integer', minimum: 1, maximum: 100, default: 20 } },
    ]);
    expect(documented(accountUsage)).toEqual(queryParameters(AccountUsageQuery).map((parameter) => expect.objectContaining(parameter)));
    expect(documented(accountJobs)).toEqual(queryParameters(AccountJobsQuery).map((parameter) => expect.objectContaining(parameter)));
    expect(queryParameters(AccountUsageQuery)[0].description).toContain('at most 366 days');
  });

  it("documents the admin usage report's from and to from its DTO", () => {
    expect(documented(AdminController.prototype.usage).map(({ name, required, schema }) => ({ name, required, schema }))).toEqual([
      { name: 'from', required: false, schema: { type: 'string', format: 'date' } },
      { name: 'to', required: false, schema: { type: 'string', format: 'date' } },
    ]);
  });

  it('shows a bound changed on the DTO in the document, and the route enforces the same bound', () => {
    class Narrower {
      @ParamDoc('How many') @IntegerParam({ min: 2, max: 7, fallback: 3 })
      limit!: number;
    }
    expect(queryParameters(Narrower)).toEqual([{ name: 'limit', required: false, description: 'How many', schema: { type: 'integer', minimum: 2, maximum: 7, default: 3 } }]);
    expect([checkQuery(Narrower, {}, 'limit'), checkQuery(Narrower, { limit: '7' }, 'limit')]).toEqual([{ limit: 3 }, { limit: 7 }]);
    expect(checkQuery(Narrower, { limit: '8' }, 'limit')).toEqual({ limit: ['limit must be an integer from 2 to 7'] });
  });
});
