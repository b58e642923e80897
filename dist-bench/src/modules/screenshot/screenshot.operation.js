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
import { flatPrice } from '../billing/price-table.js';
import { billingFields } from '../jobs/page-envelope.js';
import { captureFullPage, loadLazyContent } from './full-page-capture.js';
/** GET /screenshot: a full-page JPEG, flat price, `ai_query` answered free beside it. */
let ScreenshotOperation = class ScreenshotOperation {
    config;
    llm;
    kind = 'screenshot';
    dailyLimited = true;
    constructor(config, llm) {
        this.config = config;
        this.llm = llm;
    }
    price() {
        return flatPrice(this.config.pricing, 'screenshot');
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
        const shot = await ctx.withPage(options.page, async (session) => {
            const navigation = await session.goto(options.url);
            await loadLazyContent(session.page);
            session.assertNotBlocked();
            const image = await captureFullPage(session.page, ctx.config.screenshot);
            const content = options.aiQuery ? await extractMainContent(session.page) : null;
            return { image, content, navigation };
        });
        const data = { url: options.url, screenshots: [shot.image] };
        if (shot.content) {
            data.answer = (await this.llm.answer(options.aiQuery, pageForModel(shot.content, ctx.config.llm?.maxInputChars ?? 30000))).answer;
        }
        return { type: 'data', data, targetStatus: shot.navigation.status, finalUrl: shot.navigation.finalUrl };
    }
    /** Metered: the image at top-level `screenshot`, `data = {url, answer?}`. Collected: the image at `data.screenshots[0]`. */
    envelope(view) {
        const result = view.output?.type === 'data' ? view.output.data : null;
        const { screenshots, ...rest } = result ?? { url: view.options.url, screenshots: [] };
        return {
            url: view.options.url,
            domain: new URL(view.options.url).hostname.toLowerCase(),
            screenshot: view.collected ? null : (screenshots[0] ?? null),
            ai_query: view.options.aiQuery,
            ...billingFields(view),
            job_id: view.job.id,
            status: view.job.status,
            data: view.collected && result ? result : rest,
            position: view.position,
            error: view.error ? view.error.message : null,
            debug: view.debug,
        };
    }
};
ScreenshotOperation = __decorate([
    Injectable(),
    __param(0, InjectConfig()),
    __metadata("design:paramtypes", [Object, LlmClient])
], ScreenshotOperation);
export { ScreenshotOperation };
