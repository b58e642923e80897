var __decorate = (this && this.__decorate) || function (decorators, target, key, desc) {
    var c = arguments.length, r = c < 3 ? target : desc === null ? desc = Object.getOwnPropertyDescriptor(target, key) : desc, d;
    if (typeof Reflect === "object" && typeof Reflect.decorate === "function") r = Reflect.decorate(decorators, target, key, desc);
    else for (var i = decorators.length - 1; i >= 0; i--) if (d = decorators[i]) r = (c < 3 ? d(r) : c > 3 ? d(target, key, r) : d(target, key)) || r;
    return c > 3 && r && Object.defineProperty(target, key, r), r;
};
var ConfigModule_1;
import { Global, Inject, Module } from '@nestjs/common';
import { loadConfig } from './app-config.js';
export const APP_CONFIG = Symbol('APP_CONFIG');
export const InjectConfig = () => Inject(APP_CONFIG);
let ConfigModule = ConfigModule_1 = class ConfigModule {
    /** The config is loaded once in main.ts (so a bad variable stops the boot before Nest starts) and handed in. */
    static forRoot(config = loadConfig()) {
        return {
            module: ConfigModule_1,
            providers: [{ provide: APP_CONFIG, useValue: config }],
            exports: [APP_CONFIG],
        };
    }
};
ConfigModule = ConfigModule_1 = __decorate([
    Global(),
    Module({})
], ConfigModule);
export { ConfigModule };
