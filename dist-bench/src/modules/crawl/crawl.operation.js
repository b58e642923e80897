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
import { InjectConfig } from '../../config/config.module.js';
import { AppError } from '../../common/errors/app-error.js';
import { ErrorCode } from '../../common/errors/error-code.js';
import { LlmClient } from '../../infra/llm/llm.client.js';
import { extractMainContent } from '../../infra/llm/page-content.js';
import { pageForModel } from '../../infra/llm/page-to-markdown.js';
import { crawlPrice } from '../billing/price-table.js';
import { pageEnvelope } from '../jobs/page-envelope.js';
/** GET /crawl: the page as HTML, or a JSON answer to `ai_query` about it. */
let CrawlOperation = class CrawlOperation {
    config;
    llm;
    kind = 'crawl';
    dailyLimited = false;
    constructor(config, llm) {
        this.config = config;
        this.llm = llm;
    }
    price(options) {
        return crawlPrice(this.config.pricing, {
            tier: options.route.tier,
            js: options.page.js,
            images: options.page.images,
            aiQuery: options.aiQuery !== '',
            city: options.route.city !== null,
        });
    }
    route(options) {
        return options.route;
    }
    target(options) {
        return options.url;
    }
    precheck(options) {
        if (options.aiQuery && !this.llm.isConfigured()) {
            throw new AppError(ErrorCode.AiUnavailable, 'No language model is configured for ai_query; nothing was charged.');
        }
    }
    timeoutMs(config) {
        return config.jobTimeoutMs;
    }
    async run(ctx, options) {
        const fetched = await ctx.withPage(options.page, async (session) => {
            const navigation = await session.goto(options.url);
            session.assertNotBlocked();
            const html = options.page.js ? await session.page.content() : await navigation.rawBody();
            const content = options.aiQuery ? await extractMainContent(session.page) : null;
            return { html, content, targetStatus: navigation.status, finalUrl: navigation.finalUrl };
        });
        if (!fetched.content)
            return { type: 'page', html: fetched.html, targetStatus: fetched.targetStatus, finalUrl: fetched.finalUrl };
        // The page is closed before the model is asked: a slow model never holds a browser slot.
        const { answer } = await this.llm.answer(options.aiQuery, pageForModel(fetched.content, ctx.config.llm?.maxInputChars ?? 30000));
        return { type: 'data', data: { answer }, targetStatus: fetched.targetStatus, finalUrl: fetched.finalUrl };
    }
    envelope(view) {
        return pageEnvelope(view, { city: true, data: (output) => output ?? {} });
    }
};
CrawlOperation = __decorate([
    Injectable(),
    __param(0, InjectConfig()),
    __metadata("design:paramtypes", [Object, LlmClient])
], CrawlOperation);
export { CrawlOperation };
