// `npm run create-admin -- --email x --password y [--first-name A --last-name B]`
import { parseArgs } from 'node:util';
import { emailSchema, LIMITS, newPasswordSchema, REQUIRED } from '@alumlink/contract';
import { z } from 'zod';
import { loadConfig } from '../config';
import { openDatabase } from '../db/client';
import { runMigrations } from '../db/migrate';
import { runCommand } from './run-command';
import { upsertAdmin } from '../modules/admin/users/admin-account.service';

const USAGE = 'Usage: npm run create-admin -- --email admin@example.org --password <password> [--first-name Ada] [--last-name Lovelace]';

const argsSchema = z.object({
  email: emailSchema,
  password: newPasswordSchema,
  'first-name': z.string({ error: REQUIRED }).trim().max(LIMITS.nameMax).default('Admin'),
  'last-name': z.string({ error: REQUIRED }).trim().max(LIMITS.nameMax).default(''),
});

function parseCommandLine(): z.infer<typeof argsSchema> | string {
  let values: Record<string, string | undefined>;
  try {
    values = parseArgs({
      args: process.argv.slice(2),
      options: {
        email: { type: 'string' },
        password: { type: 'string' },
        'first-name': { type: 'string' },
        'last-name': { type: 'string' },
      },
      strict: true,
    }).values;
  } catch (error) {
    return `${(error as Error).message}\n${USAGE}`;
  }
  const parsed = argsSchema.safeParse(values);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  return `--${String(issue?.path[0] ?? 'arguments')}: ${issue?.message ?? 'invalid'}\n${USAGE}`;
}

async function main(): Promise<number> {
  const args = parseCommandLine();
  if (typeof args === 'string') {
    console.error(args);
    return 2;
  }
  const config = loadConfig(process.env);
  const database = await openDatabase(config);
  try {
    await runMigrations(database);
    const outcome = await upsertAdmin(database.db, {
      email: args.email,
      password: args.password,
      firstName: args['first-name'],
      lastName: args['last-name'],
    });
    console.log(
      outcome === 'created'
        ? `Created the administrator ${args.email}. They can sign in now.`
        : `${args.email} already existed: promoted to administrator (role AD, staff, verified, active) and its password was reset.`,
    );
    return 0;
  } finally {
    await database.close();
  }
}

runCommand(main);
