-- Issue 20 (docs/decisions/046): a game's or practice's optional arrival time ('HH:MM' in the team's
-- zone), and whether a poll vote was cast by a coach or an admin for the player ('answered by').
ALTER TABLE "games" ADD COLUMN "arrival_time" text;--> statement-breakpoint
ALTER TABLE "practices" ADD COLUMN "arrival_time" text;--> statement-breakpoint
ALTER TABLE "poll_votes" ADD COLUMN "voted_as_staff" boolean DEFAULT false NOT NULL;