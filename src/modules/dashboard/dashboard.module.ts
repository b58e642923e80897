import { Module } from '@nestjs/common';
import { DashboardController } from './dashboard.controller.js';

/** GET /dashboard and its files. */
@Module({ controllers: [DashboardController] })
export class DashboardModule {}
