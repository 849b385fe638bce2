// The one database schema, one file per feature under ./schema (drizzle-kit reads that folder and
// generates the migrations in ./drizzle with npm run db:generate). Code imports it from here.

export * from './schema/auth.ts';
export * from './schema/mail.ts';
export * from './schema/system.ts';
export * from './schema/teams.ts';
export * from './schema/roster.ts';
export * from './schema/joining.ts';
export * from './schema/invites.ts';
export * from './schema/kits.ts';
export * from './schema/events.ts';
export * from './schema/rsvps.ts';
export * from './schema/calendar.ts';
export * from './schema/messaging.ts';
export * from './schema/conversations.ts';
export * from './schema/documents.ts';
export * from './schema/notifications.ts';
