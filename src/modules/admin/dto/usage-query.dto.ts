import { IsString } from 'class-validator';
import { WhenPresent } from './validators.js';

/** GET /admin/organizations/:id/usage; the dates themselves are read by usageRange(). */
export class UsageQueryDto {
  @WhenPresent() @IsString()
  from?: string;

  @WhenPresent() @IsString()
  to?: string;
}
