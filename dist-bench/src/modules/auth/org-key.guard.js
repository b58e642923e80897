var __decorate = (this && this.__decorate) || function (decorators, target, key, desc) {
    var c = arguments.length, r = c < 3 ? target : desc === null ? desc = Object.getOwnPropertyDescriptor(target, key) : desc, d;
    if (typeof Reflect === "object" && typeof Reflect.decorate === "function") r = Reflect.decorate(decorators, target, key, desc);
    else for (var i = decorators.length - 1; i >= 0; i--) if (d = decorators[i]) r = (c < 3 ? d(r) : c > 3 ? d(target, key, r) : d(target, key)) || r;
    return c > 3 && r && Object.defineProperty(target, key, r), r;
};
var __metadata = (this && this.__metadata) || function (k, v) {
    if (typeof Reflect === "object" && typeof Reflect.metadata === "function") return Reflect.metadata(k, v);
};
import { createParamDecorator, Injectable, SetMetadata } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { AuthService } from './auth.service.js';
const QUERY_KEY = 'crawlgate:allow-query-key';
/** Metered routes only: the `key` query parameter may stand in for the header (spec, Authentication 3). */
export const AllowQueryKey = () => SetMetadata(QUERY_KEY, true);
export function bearerToken(request) {
    const header = request.headers.authorization;
    if (header === undefined)
        return undefined;
    const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
    return match ? match[1] : '';
}
let OrgKeyGuard = class OrgKeyGuard {
    auth;
    reflector;
    constructor(auth, reflector) {
        this.auth = auth;
        this.reflector = reflector;
    }
    async canActivate(context) {
        const request = context.switchToHttp().getRequest();
        let token = bearerToken(request);
        if (token === undefined && this.reflector.get(QUERY_KEY, context.getHandler())) {
            const key = request.query?.key;
            token = typeof key === 'string' ? key : undefined;
        }
        request.organization = await this.auth.organizationFor(token);
        request.raw.organizationId = request.organization.id;
        return true;
    }
};
OrgKeyGuard = __decorate([
    Injectable(),
    __metadata("design:paramtypes", [AuthService,
        Reflector])
], OrgKeyGuard);
export { OrgKeyGuard };
export const CurrentOrganization = createParamDecorator((_, context) => context.switchToHttp().getRequest().organization);
