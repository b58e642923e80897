import { parseArgs } from 'node:util';
import { AppError } from '../common/errors/app-error.js';
import { validateDto } from '../common/validation/validate-dto.js';
import { PLAN_NAMES } from '../config/json-files.js';
import { CreateOrganizationDto } from '../modules/admin/dto/create-organization.dto.js';
import { GrantCreditsDto } from '../modules/admin/dto/grant-credits.dto.js';
import type { OrganizationsService } from '../modules/admin/organizations.service.js';

type Values = Record<string, string | undefined>;

interface Command {
  readonly usage: string;
  readonly options: readonly string[];
  run(service: OrganizationsService, values: Values): Promise<unknown>;
}

/** One parsed command line, ready to run against the service. */
export interface Invocation {
  run(service: OrganizationsService): Promise<unknown>;
}

/** Whole numbers become numbers; anything else stays text so the DTO names the field in its 422. */
export function integer(text: string | undefined): number | string | undefined {
  return text !== undefined && /^-?\d+$/.test(text) ? Number(text) : text;
}

function required(values: Values, name: string): string {
  const value = values[name];
  if (value === undefined || value === '') throw AppError.field(name, `--${name} is required`);
  return value;
}

export const COMMANDS: Readonly<Record<string, Command>> = {
  // The context runs pending migrations as it opens (database.module.ts, under MySQL's lock): this command is that
  // alone, so a deployment can migrate before its pods start (k8s/migrate-job.yaml) rather than inside a probe's budget.
  'db:migrate': {
    usage: 'db:migrate',
    options: [],
    run: () => Promise.resolve({ migrated: true }),
  },
  demo: {
    usage: 'demo',
    options: [],
    run: (service) => service.demoKey(),
  },
  'org:create': {
    usage: `org:create --name <name> [--plan ${PLAN_NAMES.join('|')}] [--credits <n>]`,
    options: ['name', 'plan', 'credits'],
    run: (service, v) => service.createOrganization(validateDto(CreateOrganizationDto, { name: v.name, plan: v.plan, credits: integer(v.credits) })),
  },
  'key:create': {
    usage: 'key:create --org <organization id>',
    options: ['org'],
    run: (service, v) => service.createApiKey(required(v, 'org')),
  },
  'key:revoke': {
    usage: 'key:revoke --id <api key id>',
    options: ['id'],
    run: async (service, v) => {
      await service.revokeApiKey(required(v, 'id'));
      return { id: v.id, revoked: true };
    },
  },
  'credits:grant': {
    usage: 'credits:grant --org <organization id> --amount <n, negative corrects> --reason <text>',
    options: ['org', 'amount', 'reason'],
    run: (service, v) => service.grantCredits(required(v, 'org'), validateDto(GrantCreditsDto, { amount: integer(v.amount), reason: v.reason })),
  },
};

export const USAGE = `Usage: npm run cli -- <command> [options]\n${Object.values(COMMANDS).map((c) => `  ${c.usage}`).join('\n')}`;

export class UsageError extends Error {}

/** parseArgs refuses `--amount -50` as ambiguous; a negative number after an option is plainly its value. */
export function joinNegativeNumbers(args: readonly string[]): string[] {
  const joined: string[] = [];
  for (const arg of args) {
    const last = joined.length - 1;
    if (/^-\d+$/.test(arg) && last >= 0 && /^--[\w-]+$/.test(joined[last])) joined[last] = `${joined[last]}=${arg}`;
    else joined.push(arg);
  }
  return joined;
}

/** Reads `<command> --option value ...`; an unknown command or option is a UsageError. */
export function parseInvocation(argv: readonly string[]): Invocation {
  const [name, ...rest] = argv;
  const command = name === undefined ? undefined : COMMANDS[name];
  if (!command) throw new UsageError(name === undefined ? 'No command given.' : `Unknown command "${name}".`);
  const options = Object.fromEntries(command.options.map((option) => [option, { type: 'string' as const }]));
  let values: Values;
  try {
    values = parseArgs({ args: joinNegativeNumbers(rest), options, strict: true, allowPositionals: false }).values as Values;
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
  return { run: (service) => command.run(service, values) };
}
