var __decorate = (this && this.__decorate) || function (decorators, target, key, desc) {
    var c = arguments.length, r = c < 3 ? target : desc === null ? desc = Object.getOwnPropertyDescriptor(target, key) : desc, d;
    if (typeof Reflect === "object" && typeof Reflect.decorate === "function") r = Reflect.decorate(decorators, target, key, desc);
    else for (var i = decorators.length - 1; i >= 0; i--) if (d = decorators[i]) r = (c < 3 ? d(r) : c > 3 ? d(target, key, r) : d(target, key)) || r;
    return c > 3 && r && Object.defineProperty(target, key, r), r;
};
var __metadata = (this && this.__metadata) || function (k, v) {
    if (typeof Reflect === "object" && typeof Reflect.metadata === "function") return Reflect.metadata(k, v);
};
var __param = (this && this.__param) || function (paramIndex, decorator) {
    return function (target, key) { decorator(target, key, paramIndex); }
};
import { Injectable } from '@nestjs/common';
import { AppError } from '../../common/errors/app-error.js';
import { ErrorCode } from '../../common/errors/error-code.js';
import { validateDto } from '../../common/validation/validate-dto.js';
import { InjectConfig } from '../../config/config.module.js';
import { StrictPageQuery } from '../jobs/dto/page-query.dto.js';
import { crossFieldErrors, toPageRequest } from '../jobs/dto/page-request.js';
import { OperationRegistry } from '../jobs/operation-registry.js';
import { pageEnvelope } from '../jobs/page-envelope.js';
import { startUrl } from './blocks/start.block.js';
import { parseRecipe } from './dto/parse-recipe.js';
import { runRecipe } from './recipe.runner.js';
/** Runs `parse`, keeping its 422 errors instead of throwing them. */
function collect(problems, parse) {
    try {
        return parse();
    }
    catch (error) {
        if (!(error instanceof AppError) || error.code !== ErrorCode.Validation)
            throw error;
        problems.push(...Object.entries(error.details.errors ?? {}));
        return null;
    }
}
/** POST /crawl's query and body; every 422 of both in one answer. The `url` query parameter is ignored. */
export function parseRecipeRequest(query, body) {
    const problems = [];
    const { url: _ignored, ...rest } = query;
    const strict = collect(problems, () => validateDto(StrictPageQuery, rest));
    const recipe = collect(problems, () => parseRecipe(body));
    if (strict)
        problems.push(...Object.entries(crossFieldErrors(strict)));
    if (strict?.ai_query?.trim())
        problems.push(['ai_query', ['ai_query is not available on POST /crawl']]);
    // fromEntries, not assignment: a body field named `__proto__` stays a reported field.
    if (problems.length > 0 || !strict || !recipe)
        throw AppError.validation(Object.fromEntries(problems));
    return { request: toPageRequest(strict, new URL(startUrl(recipe)).href, { images: false }), recipe };
}
/** POST /crawl: a recipe of blocks run on one page, flat price. */
let RecipeOperation = class RecipeOperation {
    config;
    registry;
    kind = 'recipe';
    dailyLimited = false;
    constructor(config, registry) {
        this.config = config;
        this.registry = registry;
    }
    onModuleInit() {
        this.registry.register(this);
    }
    /** Flat, whatever the pool, the geography or the number of blocks. */
    price() {
        return this.config.pricing.flat.recipe;
    }
    route(options) {
        return options.request.route;
    }
    target(options) {
        return options.request.url;
    }
    timeoutMs(config) {
        return config.jobTimeoutMs;
    }
    run(ctx, options) {
        return ctx.withPage(options.request.page, (session) => this.runOn(session, ctx, options));
    }
    /** The crawl envelope; `ai_query` is always empty here (refused in the query). */
    envelope(view) {
        return pageEnvelope({ ...view, options: view.options.request }, { city: true, data: (output) => output ?? {} });
    }
    /** A recipe of only the start block answers the page itself; a longer one answers its `data`. */
    async runOn(session, ctx, { recipe }) {
        const { result, navigation } = await runRecipe(session, recipe, { maxPages: ctx.config.recipeMaxPages, deadline: ctx.deadline });
        const { status: targetStatus, finalUrl } = navigation;
        if (recipe.blocks.length > 1)
            return { type: 'data', data: result, targetStatus, finalUrl };
        const html = session.options.js ? await session.page.content() : await navigation.rawBody();
        return { type: 'page', html, targetStatus, finalUrl };
    }
};
RecipeOperation = __decorate([
    Injectable(),
    __param(0, InjectConfig()),
    __metadata("design:paramtypes", [Object, OperationRegistry])
], RecipeOperation);
export { RecipeOperation };
