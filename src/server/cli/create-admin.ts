import { randomBytes } from 'node:crypto';
import { parseArgs } from 'node:util';
import { emailField, nameField, newPasswordField, phoneField } from '../../shared/api/fields.ts';
import { passwordErrors } from '../../shared/password-policy.ts';
import { loadConfig } from '../config.ts';
import { configuredDatabase, openDatabase } from '../db/connect.ts';
import { hashPassword } from '../features/auth/passwords.ts';
import { markEmailVerified } from '../features/auth/email-verification.ts';
import { findUserByEmail, insertUser } from '../features/auth/queries.ts';

// npm run create-admin -- --email admin@club.org --name "Club Admin" [--phone ...] [--password ...]
// Admins act as coaches on every team; the public register call never creates one
// (docs/product/moderators-and-admin.md).

const USAGE =
  'Usage: npm run create-admin -- --email EMAIL --name "FULL NAME" [--phone PHONE] [--password PASSWORD]\n' +
  'Without --password (or ADMIN_PASSWORD in the environment) a strong password is generated and printed once.';

/** A random password that passes the policy: letters, digits and a special character, no common pattern. */
function generatePassword(): string {
  for (;;) {
    const candidate = `${randomBytes(12).toString('base64url')}#A7b`;
    if (passwordErrors(candidate).length === 0) return candidate;
  }
}

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

const { values } = parseArgs({
  options: {
    email: { type: 'string' },
    name: { type: 'string' },
    phone: { type: 'string' },
    password: { type: 'string' },
    help: { type: 'boolean', short: 'h' },
  },
});
if (values.help) {
  console.log(USAGE);
  process.exit(0);
}

const parse = <T>(
  schema: {
    safeParse(
      v: unknown,
    ): { success: true; data: T } | { success: false; error: { issues: { message: string }[] } };
  },
  value: unknown,
) => {
  const result = schema.safeParse(value);
  if (!result.success) fail(`${result.error.issues[0]?.message ?? 'Invalid value'}\n${USAGE}`);
  return result.data;
};

const email = parse<string>(emailField, values.email);
const name = parse<string>(nameField, values.name);
const phone = parse<string | null>(phoneField, values.phone ?? null);
const given = values.password ?? process.env['ADMIN_PASSWORD'];
const password = given ? parse<string>(newPasswordField, given) : generatePassword();

const config = loadConfig();
const database = await openDatabase(configuredDatabase(config)).catch((error: unknown) =>
  fail(error instanceof Error ? error.message : String(error)),
);

try {
  if (await findUserByEmail(database.db, email)) fail(`An account with the email ${email} already exists.`);
  const user = await insertUser(database.db, {
    name,
    email,
    phone,
    role: 'admin',
    passwordHash: await hashPassword(password),
  });
  if (!user) fail(`An account with the email ${email} already exists.`);
  // The operator who runs this vouches for the address.
  await markEmailVerified(database.db, user.id);
  console.log(`Admin account created: ${user.name} <${user.email}> (id ${user.id})`);
  if (!given) console.log(`Password (shown once, change it under Account Settings): ${password}`);
} finally {
  await database.close();
}
