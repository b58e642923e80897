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
import { Controller, Get, Query, Res, UseGuards } from '@nestjs/common';
import { AllowQueryKey, CurrentOrganization, OrgKeyGuard } from '../auth/org-key.guard.js';
import { sendAnswer } from '../jobs/answer.js';
import { MeteredPipeline } from '../jobs/metered-pipeline.service.js';
import { ChatOperation, parseChatQuery } from './chat.operation.js';
let ChatController = class ChatController {
    pipeline;
    operation;
    constructor(pipeline, operation) {
        this.pipeline = pipeline;
        this.operation = operation;
    }
    async chat(query, organization, reply) {
        return sendAnswer(reply, await this.pipeline.serve(this.operation, parseChatQuery(query), organization));
    }
};
__decorate([
    Get(),
    AllowQueryKey(),
    __param(0, Query()),
    __param(1, CurrentOrganization()),
    __param(2, Res()),
    __metadata("design:type", Function),
    __metadata("design:paramtypes", [Object, Function, Object]),
    __metadata("design:returntype", Promise)
], ChatController.prototype, "chat", null);
ChatController = __decorate([
    Controller('chat'),
    UseGuards(OrgKeyGuard),
    __metadata("design:paramtypes", [MeteredPipeline,
        ChatOperation])
], ChatController);
export { ChatController };
