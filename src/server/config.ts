import { IANAZone } from 'luxon';
import { z } from 'zod';
import { DEFAULT_TEAM_TIME_ZONE } from '../shared/teams.ts';
import { DEFAULT_THEME_COLOR, SHORT_NAME_MAX } from './web-manifest.ts';

// The one place the environment is read. Everything else receives a typed Config.

const durationMinutes = (fallback: number) =>
  z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 60)
    .default(fallback);
const count = (fallback: number) => z.coerce.number().int().min(1).max(1_000_000).default(fallback);

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** postgres://... for a real server; unset means the embedded PGlite under DATA_DIR. */
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'DATABASE_URL must start with postgres:// or postgresql://')
    .optional(),
  /** Connections each app process keeps to PostgreSQL (DATABASE_URL); more requests at once wait up to 5 s. */
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(1000).default(10),
  DATA_DIR: z.string().min(1).default('./data'),
  CLUB_NAME: z.string().trim().min(1).max(100).default('Riverside Youth Soccer Club'),
  /** The installed app's name under its icon; unset: CLUB_NAME's leading words that fit (web-manifest.ts). */
  CLUB_SHORT_NAME: z
    .string()
    .trim()
    .min(1)
    .max(SHORT_NAME_MAX, `CLUB_SHORT_NAME must be at most ${SHORT_NAME_MAX} characters`)
    .optional(),
  /** The installed app's theme colour, in its manifest. */
  CLUB_THEME_COLOR: z
    .string()
    .trim()
    .regex(/^#[0-9a-f]{6}$/i, 'CLUB_THEME_COLOR must be a colour written #rrggbb')
    .default(DEFAULT_THEME_COLOR)
    .transform((colour) => colour.toLowerCase()),
  /** Base of every link in an email; never taken from the request's Host header. */
  PUBLIC_URL: z
    .string()
    .url()
    .default('http://localhost:3000')
    .transform((url) => url.replace(/\/+$/, '')),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'SMTP_URL must start with smtp:// or smtps://')
    .optional(),
  MAIL_FROM: z.string().min(3).default('Club Teams <no-reply@localhost>'),
  /**
   * Signing secret for access tokens (and the key of sealed calendar feed secrets). Required with
   * DATABASE_URL; unset with PGlite, one is generated once into DATA_DIR/signing-secret (mode 0600).
   * Never kept in the database (features/auth/signing-secret.ts).
   */
  JWT_SECRET: z.string().min(32, 'JWT_SECRET must be at least 32 characters').optional(),
  ACCESS_TOKEN_TTL_HOURS: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 90)
    .default(24 * 7),
  TEAM_TIME_ZONE: z
    .string()
    .default(DEFAULT_TEAM_TIME_ZONE)
    .refine((zone) => IANAZone.isValidZone(zone), 'TEAM_TIME_ZONE must be an IANA time zone'),
  /** Months of past events the calendar feed keeps (docs/decisions/017). */
  CALENDAR_FEED_PAST_MONTHS: z.coerce.number().int().min(1).max(1200).default(12),
  /** Serve the built web app from dist/web (off in API tests). */
  SERVE_WEB: z
    .enum(['true', 'false'])
    .default('true')
    .transform((v) => v === 'true'),
  /**
   * The built web app's folder; unset: dist/web. A release served from a folder of its own (the browser
   * test of a release taking over from the one before serves two: docs/decisions/047).
   */
  WEB_DIR: z.string().min(1).optional(),
  MAIL_POLL_SECONDS: z.coerce.number().min(0.05).max(3600).default(5),
  /** Base URL of the group-chat service announcements are cross-posted to (tests point it at a local server). */
  GROUPME_API_URL: z
    .string()
    .url()
    .default('https://api.groupme.com/v3')
    .transform((url) => url.replace(/\/+$/, '')),
  /** How often the group-chat sender looks for due cross-posts (it also starts at once when one is queued). */
  CHAT_POST_POLL_SECONDS: z.coerce.number().min(0.05).max(3600).default(5),
  // Notifications (docs/product/notifications.md): reminders, delayed message emails, the scheduler,
  // web push.
  /** Hours before an event that its automatic RSVP reminder goes out, for teams that did not choose (0: off). */
  REMINDER_HOURS_DEFAULT: z.coerce.number().int().min(0).max(336).default(48),
  /** A message still unread this many minutes after it arrived is emailed. */
  MESSAGE_EMAIL_DELAY_MINUTES: z.coerce
    .number()
    .min(0)
    .max(24 * 60)
    .default(10),
  /** How often the scheduler and the notification sender look for due work. */
  NOTIFY_POLL_SECONDS: z.coerce.number().min(0.05).max(3600).default(15),
  /**
   * Hosts (names or addresses, any port, http allowed) a push subscription may name besides the known
   * browser push services: comma-separated; tests name a local endpoint.
   */
  PUSH_ENDPOINT_ALLOW: z
    .string()
    .default('')
    .transform((list) =>
      list
        .split(',')
        .map((host) => host.trim().toLowerCase())
        .filter((host) => host !== ''),
    ),
  /**
   * VAPID keys for web push (base64url, as `npx web-push generate-vapid-keys` prints them), both or
   * neither; unset, a pair is generated once and kept in the database (features/push/vapid.ts).
   */
  VAPID_PUBLIC_KEY: z
    .string()
    .regex(/^[A-Za-z0-9_-]{87}$/, 'VAPID_PUBLIC_KEY must be a P-256 public key in base64url (87 characters)')
    .optional(),
  VAPID_PRIVATE_KEY: z
    .string()
    .regex(
      /^[A-Za-z0-9_-]{43}$/,
      'VAPID_PRIVATE_KEY must be a P-256 private key in base64url (43 characters)',
    )
    .optional(),
  /** Who push services may contact about this server's pushes (mailto: or https:); by default MAIL_FROM's address. */
  VAPID_SUBJECT: z
    .string()
    .regex(/^(mailto:|https:\/\/)/, 'VAPID_SUBJECT must start with mailto: or https://')
    .optional(),
  // Rate limits: attempts per window, per client address (an IPv6 client per /64) and per account
  // (docs/product/limits-and-abuse.md). Sign-in counts failures only, per (account, address) so a
  // stranger failing on purpose from one address cannot lock the owner out; the per-account ceiling is
  // much higher and stops a spread attack, but does not hold an address the account signed in from
  // within LOGIN_TRUSTED_ADDRESS_DAYS, nor does the per-address limit (docs/decisions/008).
  LOGIN_LIMIT_PER_ACCOUNT_IP: count(10),
  LOGIN_LIMIT_PER_IP: count(30),
  LOGIN_LIMIT_PER_ACCOUNT: count(100),
  LOGIN_WINDOW_MINUTES: durationMinutes(15),
  LOGIN_TRUSTED_ADDRESS_DAYS: z.coerce.number().int().min(1).max(365).default(30),
  /** Wrong current passwords on change-password per LOGIN_WINDOW_MINUTES, per account and per address. */
  PASSWORD_CHANGE_LIMIT_PER_ACCOUNT: count(10),
  PASSWORD_CHANGE_LIMIT_PER_IP: count(30),
  /** Sign-ups per address per hour: a club meeting behind one router still fits. */
  SIGNUP_LIMIT_PER_IP: count(30),
  /** Join attempts (invite codes) per hour. */
  JOIN_LIMIT_PER_ACCOUNT: count(20),
  JOIN_LIMIT_PER_IP: count(200),
  /** Unsubscribe links followed per address per hour (a mail provider's one-clicks share few addresses). */
  UNSUBSCRIBE_LIMIT_PER_IP: count(200),
  /** Verification emails (resend) per account per hour. */
  VERIFY_EMAIL_LIMIT_PER_ACCOUNT: count(5),
  /** Invite emails one coach may send per hour; a contact gets no new one within INVITE_RESEND_MINUTES. */
  INVITE_LIMIT_PER_COACH_PER_HOUR: count(50),
  /** Polls one author may create per hour: each one emails the whole team. */
  POLL_LIMIT_PER_AUTHOR_PER_HOUR: count(20),
  /** Answer links from emails (no sign-in) per address per hour: read and recorded alike. */
  ANSWER_LINK_LIMIT_PER_IP: count(120),
  // Every other write that reaches others, per user per hour (docs/product/limits-and-abuse.md 'Writes
  // that reach others'; docs/decisions/028): far above a busy coach's day, far below a flood.
  /** Announcements, each with its group-chat cross-post (an edit that posts again counts too). */
  ANNOUNCEMENT_LIMIT_PER_USER_PER_HOUR: count(30),
  /** Comments on announcements. */
  COMMENT_LIMIT_PER_USER_PER_HOUR: count(120),
  /** New conversations. */
  CONVERSATION_LIMIT_PER_USER_PER_HOUR: count(60),
  /** Messages (a retry under the same Idempotency-Key counts once). */
  MESSAGE_LIMIT_PER_USER_PER_HOUR: count(300),
  /** New teams (the setup wizard). */
  TEAM_LIMIT_PER_USER_PER_HOUR: count(10),
  /** A coach's RSVP reminders (each event at most once in six hours besides). */
  REMINDER_LIMIT_PER_USER_PER_HOUR: count(30),
  FORGOT_LIMIT_PER_IP: count(10),
  FORGOT_LIMIT_PER_ACCOUNT: count(3),
  RESET_LIMIT_PER_IP: count(20),
  RESET_LIMIT_PER_ACCOUNT: count(5),
  RECOVERY_WINDOW_MINUTES: durationMinutes(60),
  /** Document uploads one user may make per hour: each one costs storage (docs/decisions/023). */
  UPLOAD_LIMIT_PER_USER_PER_HOUR: count(60),
  // The blob store of document files (docs/product/documents.md 'Files'): DATA_DIR/blobs unless
  // S3_ENDPOINT and S3_BUCKET name an S3-compatible bucket (path-style addresses, so MinIO and others
  // work too).
  S3_ENDPOINT: z.string().url('S3_ENDPOINT must be a URL such as https://s3.example.org').optional(),
  S3_BUCKET: z.string().min(3).max(63).optional(),
  S3_REGION: z.string().min(1).default('us-east-1'),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  /**
   * A bucket that took the connection but sends nothing for this long fails the request (503 after the
   * SDK's tries); connecting itself must take under 5 s (docs/decisions/026).
   */
  S3_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(600).default(15),
  /** A blob announced this long ago that no document names is an orphan the hourly sweep removes. */
  // At least 15: an upload may take 10 minutes, and its announced key must outlive it.
  BLOB_SWEEP_GRACE_MINUTES: z.coerce
    .number()
    .int()
    .min(15)
    .max(24 * 60)
    .default(60),
  /** Number of proxies in front of the app whose X-Forwarded-For is trusted (0 = none). */
  TRUST_PROXY_HOPS: z.coerce.number().int().min(0).max(10).default(0),
  /**
   * Connections one client address may hold at once (requests in progress behind proxies); more are
   * answered 429 (docs/decisions/026). Generous: a clubhouse's phones share one address.
   */
  MAX_CONNECTIONS_PER_ADDRESS: z.coerce.number().int().min(1).max(100_000).default(128),
});

export type Config = z.infer<typeof envSchema>;

export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  // Blank variables count as unset, so `DATABASE_URL= npm start` means PGlite.
  const cleaned = Object.fromEntries(
    Object.entries(env).filter(([, value]) => value !== undefined && value !== ''),
  );
  const parsed = envSchema
    .refine((c) => Boolean(c.S3_ENDPOINT) === Boolean(c.S3_BUCKET), {
      message: 'S3_ENDPOINT and S3_BUCKET must be set together',
      path: ['S3_BUCKET'],
    })
    .refine((c) => Boolean(c.VAPID_PUBLIC_KEY) === Boolean(c.VAPID_PRIVATE_KEY), {
      message: 'VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY must be set together',
      path: ['VAPID_PRIVATE_KEY'],
    })
    // Several processes share a PostgreSQL server, and a database backup must not forge a sign-in: the
    // secret comes from the environment, the same in every process.
    .refine((c) => !c.DATABASE_URL || Boolean(c.JWT_SECRET), {
      message:
        'required with DATABASE_URL (at least 32 random characters, the same for every app process; the database never holds the signing secret)',
      path: ['JWT_SECRET'],
    })
    .safeParse(cleaned);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    throw new Error(`Invalid configuration:\n  ${problems.join('\n  ')}`);
  }
  return parsed.data;
}
