import { Global, Inject, Module } from '@nestjs/common';
import { AppConfig, loadConfig } from './app-config.js';

export const APP_CONFIG = Symbol('APP_CONFIG');
export const InjectConfig = (): ParameterDecorator => Inject(APP_CONFIG);

@Global()
@Module({})
export class ConfigModule {
  /** The config is loaded once in main.ts (so a bad variable stops the boot before Nest starts) and handed in. */
  static forRoot(config: AppConfig = loadConfig()) {
    return {
      module: ConfigModule,
      providers: [{ provide: APP_CONFIG, useValue: config }],
      exports: [APP_CONFIG],
    };
  }
}
