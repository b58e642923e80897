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
import { AppError, isAppError } from '../../common/errors/app-error.js';
import { ErrorCode } from '../../common/errors/error-code.js';
import { validateDto } from '../../common/validation/validate-dto.js';
import { InjectConfig } from '../../config/config.module.js';
import { ChatQuery } from './chat.dto.js';
import { runChat } from './chat.task.js';
/** The chat page is a plain visit: scripts on, nothing blocked that the site may need to render. */
const CHAT_PAGE = {
    js: true,
    images: false,
    adblock: false,
    waitUntil: 'domcontentloaded',
    viewport: { width: 1280, height: 900 },
    userAgent: null,
};
/** The task gives up this long before the job's hard limit, so that the failure is chat_timeout and not the pipeline's. */
const DEADLINE_MARGIN_MS = 1000;
/** GET /chat's query: 422 naming every bad parameter at once. Unknown parameters are ignored, as on the other GET routes. */
export function parseChatQuery(query) {
    const cross = query.city !== undefined && query.country === undefined ? { city: ['city requires country'] } : {};
    let dto;
    try {
        dto = validateDto(ChatQuery, query, { allowUnknown: true });
    }
    catch (error) {
        if (!isAppError(error) || error.code !== ErrorCode.Validation)
            throw error;
        const errors = { ...error.details.errors };
        for (const [param, messages] of Object.entries(cross))
            errors[param] = [...(errors[param] ?? []), ...messages];
        throw AppError.validation(errors);
    }
    if (Object.keys(cross).length > 0)
        throw AppError.validation(cross);
    return {
        prompt: dto.prompt,
        route: {
            tier: dto.premium ? 'premium' : 'standard',
            country: dto.country ? dto.country.toLowerCase() : null,
            city: dto.city ? dto.city.toLowerCase() : null,
        },
    };
}
/** GET /chat: one prompt typed into the chat site, its answer as nodes; flat price. */
let ChatOperation = class ChatOperation {
    config;
    kind = 'chat';
    dailyLimited = true;
    constructor(config) {
        this.config = config;
    }
    /** Flat, whatever the pool or the geography. */
    price() {
        return this.config.pricing.flat.chat;
    }
    route(options) {
        return options.route;
    }
    target(_options, config) {
        return config.chat.siteUrl;
    }
    timeoutMs(config) {
        return config.chatTimeoutMs;
    }
    async run(ctx, options) {
        const { siteUrl, profile } = ctx.config.chat;
        const deadline = ctx.deadline - DEADLINE_MARGIN_MS;
        const nodes = await ctx.withPage(CHAT_PAGE, (session) => runChat(session, { prompt: options.prompt, siteUrl, profile, deadline }));
        return { type: 'data', data: nodes };
    }
    /** The chat envelope; collected, the answer moves to `data[0]` and the credit fields are left out. */
    envelope(view) {
        const { prompt } = view.options;
        const nodes = view.output?.type === 'data' && !view.error ? view.output.data : null;
        const conversation = nodes
            ? [{ role: 'user', message: prompt }, { role: 'assistant', response: nodes }]
            : [];
        const answer = view.collected ? { data: [{ prompt, conversation }] } : { conversation };
        const credits = !view.collected && view.billing
            ? { credits_charged: view.billing.charged, credits_remaining: view.billing.remaining }
            : {};
        return {
            prompt,
            ...answer,
            ...credits,
            job_id: view.job.id,
            status: view.job.status,
            position: view.position,
            error: view.error ? view.error.message : null,
            debug: view.debug,
        };
    }
};
ChatOperation = __decorate([
    Injectable(),
    __param(0, InjectConfig()),
    __metadata("design:paramtypes", [Object])
], ChatOperation);
export { ChatOperation };
