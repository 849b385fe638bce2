CREATE TABLE "invite_tokens" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "invite_tokens_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"team_id" integer NOT NULL,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "join_requests" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "join_requests_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"team_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"role" text NOT NULL,
	"message" text,
	"status" text DEFAULT 'pending' NOT NULL,
	"player_id" integer,
	"reviewed_by" integer,
	"reviewed_at" timestamp with time zone,
	"rejection_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "join_requests_status_check" CHECK ("join_requests"."status" in ('pending', 'approved', 'rejected')),
	CONSTRAINT "join_requests_role_check" CHECK ("join_requests"."role" in ('parent', 'player'))
);
--> statement-breakpoint
CREATE TABLE "parent_contacts" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "parent_contacts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"team_id" integer NOT NULL,
	"player_id" integer NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"phone" text,
	"relationship" text DEFAULT 'parent' NOT NULL,
	"is_primary" boolean DEFAULT false NOT NULL,
	"user_id" integer,
	"invite_sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "parent_contacts_relationship_check" CHECK ("parent_contacts"."relationship" in ('parent', 'guardian', 'grandmother', 'grandfather', 'aunt', 'uncle', 'emergency_contact', 'other'))
);
--> statement-breakpoint
CREATE TABLE "players" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "players_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"team_id" integer NOT NULL,
	"name" text NOT NULL,
	"position" text,
	"jersey_number" integer,
	"age" integer,
	"status" text DEFAULT 'active' NOT NULL,
	"email" text,
	"user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "players_status_check" CHECK ("players"."status" in ('active', 'inactive'))
);
--> statement-breakpoint
ALTER TABLE "team_members" ADD COLUMN "permissions" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "teams" ADD COLUMN "age_group" text;--> statement-breakpoint
ALTER TABLE "teams" ADD COLUMN "division" text;--> statement-breakpoint
ALTER TABLE "teams" ADD COLUMN "league_name" text;--> statement-breakpoint
ALTER TABLE "teams" ADD COLUMN "season" text;--> statement-breakpoint
ALTER TABLE "teams" ADD COLUMN "season_start" date;--> statement-breakpoint
ALTER TABLE "teams" ADD COLUMN "season_end" date;--> statement-breakpoint
ALTER TABLE "teams" ADD COLUMN "team_description" text;--> statement-breakpoint
ALTER TABLE "teams" ADD COLUMN "head_coach_name" text;--> statement-breakpoint
ALTER TABLE "teams" ADD COLUMN "head_coach_phone" text;--> statement-breakpoint
ALTER TABLE "teams" ADD COLUMN "head_coach_email" text;--> statement-breakpoint
ALTER TABLE "teams" ADD COLUMN "assistant_coach_name" text;--> statement-breakpoint
ALTER TABLE "teams" ADD COLUMN "assistant_coach_phone" text;--> statement-breakpoint
ALTER TABLE "teams" ADD COLUMN "assistant_coach_email" text;--> statement-breakpoint
ALTER TABLE "teams" ADD COLUMN "primary_color" text DEFAULT '#10b981' NOT NULL;--> statement-breakpoint
ALTER TABLE "teams" ADD COLUMN "secondary_color" text DEFAULT '#059669' NOT NULL;--> statement-breakpoint
ALTER TABLE "teams" ADD COLUMN "team_logo_url" text;--> statement-breakpoint
ALTER TABLE "teams" ADD COLUMN "practice_location" text;--> statement-breakpoint
ALTER TABLE "teams" ADD COLUMN "practice_day" text;--> statement-breakpoint
ALTER TABLE "teams" ADD COLUMN "practice_time" text;--> statement-breakpoint
ALTER TABLE "teams" ADD COLUMN "emergency_contact_name" text;--> statement-breakpoint
ALTER TABLE "teams" ADD COLUMN "emergency_contact_phone" text;--> statement-breakpoint
ALTER TABLE "teams" ADD COLUMN "emergency_contact_relation" text;--> statement-breakpoint
ALTER TABLE "invite_tokens" ADD CONSTRAINT "invite_tokens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invite_tokens" ADD CONSTRAINT "invite_tokens_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "join_requests" ADD CONSTRAINT "join_requests_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "join_requests" ADD CONSTRAINT "join_requests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "join_requests" ADD CONSTRAINT "join_requests_player_id_players_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."players"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "join_requests" ADD CONSTRAINT "join_requests_reviewed_by_users_id_fk" FOREIGN KEY ("reviewed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "parent_contacts" ADD CONSTRAINT "parent_contacts_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "parent_contacts" ADD CONSTRAINT "parent_contacts_player_id_players_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."players"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "parent_contacts" ADD CONSTRAINT "parent_contacts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "players" ADD CONSTRAINT "players_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "players" ADD CONSTRAINT "players_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "invite_tokens_hash_key" ON "invite_tokens" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "invite_tokens_user_idx" ON "invite_tokens" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "join_requests_team_idx" ON "join_requests" USING btree ("team_id");--> statement-breakpoint
CREATE UNIQUE INDEX "join_requests_pending_key" ON "join_requests" USING btree ("team_id","user_id") WHERE "join_requests"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "parent_contacts_team_idx" ON "parent_contacts" USING btree ("team_id");--> statement-breakpoint
CREATE UNIQUE INDEX "parent_contacts_player_email_key" ON "parent_contacts" USING btree ("player_id","email");--> statement-breakpoint
CREATE INDEX "parent_contacts_email_idx" ON "parent_contacts" USING btree ("email");--> statement-breakpoint
CREATE INDEX "parent_contacts_user_idx" ON "parent_contacts" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "players_team_idx" ON "players" USING btree ("team_id");--> statement-breakpoint
CREATE UNIQUE INDEX "players_team_jersey_key" ON "players" USING btree ("team_id","jersey_number") WHERE "players"."jersey_number" is not null;--> statement-breakpoint
CREATE INDEX "players_user_idx" ON "players" USING btree ("user_id");