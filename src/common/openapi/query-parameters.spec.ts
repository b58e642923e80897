import { describe, expect, it } from '@jest/globals';
import { IsEmail, IsOptional, IsString } from 'class-validator';
import { ChatQuery } from '../../modules/chat/chat.dto.js';
import { CrawlQuery } from '../../modules/crawl/dto/crawl-query.dto.js';
import { PageQuery } from '../../modules/jobs/dto/page-query.dto.js';
import { RecipeQuery } from '../../modules/recipe/dto/recipe-query.dto.js';
import { ParamDoc } from './param-doc.js';
import { queryParameters } from './query-parameters.js';

const byName = (dto: abstract new () => object) => Object.fromEntries(queryParameters(dto).map((parameter) => [parameter.name, parameter]));

describe('queryParameters (the OpenAPI query parameters of a DTO)', () => {
  it("states each parameter's own rules: the viewport pattern, the scale range, the length caps, the enums", () => {
    const crawl = byName(CrawlQuery);
    expect(crawl.viewport.schema).toEqual({ type: 'string', pattern: '^[1-9]\\d{0,4}x[1-9]\\d{0,4}$', default: '1920x1080', example: '1920x1080' });
    expect(crawl.device_scale_factor.schema).toEqual({ type: 'number', minimum: 0.5, maximum: 4 });
    expect(crawl.user_agent.schema).toEqual({ type: 'string', maxLength: 512, pattern: '^[\\t\\x20-\\x7e\\x80-\\xff]*$' });
    expect(crawl.url).toEqual({ name: 'url', required: true, description: 'The page, http or https', schema: { type: 'string', maxLength: 8192, format: 'uri' } });
    expect(crawl.wait_until.schema).toEqual({ type: 'string', enum: ['load', 'domcontentloaded', 'networkidle0', 'networkidle2'], default: 'networkidle0' });
    expect(crawl.format.schema).toEqual({ type: 'string', enum: ['html', 'markdown', 'text'], example: 'markdown' });
  });

  it('documents a case-insensitive rule so that the document accepts what the route accepts', () => {
    const pattern = new RegExp(byName(PageQuery).country.schema!.pattern as string);
    expect(['GB', 'gb', 'Gb'].map((code) => pattern.test(code))).toEqual([true, true, true]);
    expect(['UK', 'EU', 'GBR'].map((code) => pattern.test(code))).toEqual([false, false, false]);
  });

  it('lists every parameter the route accepts, once, base classes first, and leaves out the key (a security scheme)', () => {
    expect(queryParameters(PageQuery).map((parameter) => parameter.name)).toEqual([
      'webhook_url', 'country', 'city', 'wait_until', 'viewport', 'device_scale_factor', 'user_agent', 'url', 'ai_query',
      'premium', 'js', 'images', 'adblock', 'mobile', 'landscape', 'touch',
    ]);
  });

  it("documents POST /crawl's query without url (ignored) and ai_query (refused), its flags as strict booleans", () => {
    const recipe = byName(RecipeQuery);
    expect([recipe.url, recipe.ai_query]).toEqual([undefined, undefined]);
    expect(recipe.js.schema).toEqual({ type: 'string', enum: ['true', 'false'], default: 'true' });
    // The spec's defaults stated (images' is the route's: GET /screenshot loads them), GET's boolean words listed.
    const crawl = byName(CrawlQuery);
    expect([crawl.premium, crawl.js, crawl.adblock, crawl.wait_until, crawl.images].map((parameter) => parameter.schema.default)).toEqual(['false', 'true', 'true', 'networkidle0', undefined]);
    const words = new RegExp(crawl.js.schema.pattern!);
    expect(['true', 'FALSE', '1', '0', 'Yes', 'no', 'ON', 'off'].filter((word) => words.test(word))).toHaveLength(8);
    expect(['maybe', 'truee', '', '2'].some((word) => words.test(word))).toBe(false);
  });

  it("states a route's own rule with the schema it registered: the chat prompt's length in code points", () => {
    expect(byName(ChatQuery).prompt).toEqual({ name: 'prompt', required: true, description: expect.any(String), schema: { type: 'string', minLength: 1, maxLength: 1000 } });
  });

  it('fails loudly on a property without @ParamDoc and on a rule it cannot state', () => {
    class Undocumented {
      @IsOptional() @IsString() name?: string;
    }
    class Unmapped {
      @ParamDoc('An address') @IsOptional() @IsEmail() email?: string;
    }
    expect(() => queryParameters(Undocumented)).toThrow('OpenAPI: Undocumented.name has no @ParamDoc');
    expect(() => queryParameters(Unmapped)).toThrow('OpenAPI: no schema for the rule isEmail of Unmapped.email');
  });
});
