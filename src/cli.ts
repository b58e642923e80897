import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import { CliModule } from './cli/cli.module.js';
import { parseInvocation, USAGE, UsageError } from './cli/commands.js';
import { isAppError } from './common/errors/app-error.js';
import { ConfigError, loadToolConfig } from './config/app-config.js';
import { OrganizationsService } from './modules/admin/organizations.service.js';

/** `npm run cli -- org:create --name acme --plan lite --credits 5000`: prints JSON, exits 0 on success, 1 otherwise. */
async function main(argv: readonly string[]): Promise<number> {
  const invocation = parseInvocation(argv);
  const config = loadToolConfig();
  // Only errors, and on stderr: stdout carries the JSON answer alone.
  const app = await NestFactory.createApplicationContext(CliModule.forRoot(config), { logger: ['error'] });
  try {
    const result = await invocation.run(app.get(OrganizationsService));
    process.stdout.write(`${JSON.stringify(result, null, 2)}\n`);
    return 0;
  } finally {
    await app.close();
  }
}

function report(error: unknown): number {
  if (error instanceof UsageError) process.stderr.write(`${error.message}\n${USAGE}\n`);
  else if (isAppError(error)) process.stderr.write(`${JSON.stringify({ message: error.message, errors: error.details.errors }, null, 2)}\n`);
  else if (error instanceof ConfigError) process.stderr.write(`${error.message}\n`);
  else process.stderr.write(`${(error as Error)?.stack ?? String(error)}\n`);
  return 1;
}

main(process.argv.slice(2)).then(
  (code) => (process.exitCode = code),
  (error: unknown) => (process.exitCode = report(error)),
);
