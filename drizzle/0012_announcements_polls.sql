CREATE TABLE "announcement_comments" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "announcement_comments_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"announcement_id" integer NOT NULL,
	"team_id" integer NOT NULL,
	"author_id" integer,
	"content" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
CREATE TABLE "announcements" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "announcements_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"team_id" integer NOT NULL,
	"author_id" integer,
	"title" text NOT NULL,
	"content" text NOT NULL,
	"priority" text DEFAULT 'normal' NOT NULL,
	"allow_comments" boolean DEFAULT true NOT NULL,
	"related_tournament_id" integer,
	"related_game_id" integer,
	"related_practice_id" integer,
	"expires_at" timestamp with time zone,
	"post_to_groupme" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "announcements_priority_check" CHECK ("announcements"."priority" in ('low', 'normal', 'high')),
	CONSTRAINT "announcements_one_related_event_check" CHECK (num_nonnulls("announcements"."related_tournament_id", "announcements"."related_game_id", "announcements"."related_practice_id") <= 1)
);--> statement-breakpoint
CREATE TABLE "chat_post_outbox" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "chat_post_outbox_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"team_id" integer NOT NULL,
	"bot_id" text NOT NULL,
	"text" text NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"locked_until" timestamp with time zone,
	"last_error" text,
	"sent_at" timestamp with time zone,
	"gave_up_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
CREATE TABLE "poll_votes" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "poll_votes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"poll_id" integer NOT NULL,
	"team_id" integer NOT NULL,
	"player_id" integer NOT NULL,
	"option_index" integer NOT NULL,
	"voter_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "poll_votes_option_check" CHECK ("poll_votes"."option_index" >= 0)
);--> statement-breakpoint
CREATE TABLE "polls" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "polls_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"team_id" integer NOT NULL,
	"author_id" integer,
	"question" text NOT NULL,
	"options" text[] NOT NULL,
	"expires_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "polls_options_check" CHECK (cardinality("polls"."options") >= 2)
);--> statement-breakpoint
-- The referenced pairs must be unique before the foreign keys can name them (moved up by hand).
CREATE UNIQUE INDEX "announcements_id_team_key" ON "announcements" USING btree ("id","team_id");--> statement-breakpoint
CREATE UNIQUE INDEX "polls_id_team_key" ON "polls" USING btree ("id","team_id");--> statement-breakpoint
ALTER TABLE "announcement_comments" ADD CONSTRAINT "announcement_comments_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "announcement_comments" ADD CONSTRAINT "announcement_comments_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "announcement_comments" ADD CONSTRAINT "announcement_comments_announcement_team_fk" FOREIGN KEY ("announcement_id","team_id") REFERENCES "public"."announcements"("id","team_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "announcements" ADD CONSTRAINT "announcements_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "announcements" ADD CONSTRAINT "announcements_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "announcements" ADD CONSTRAINT "announcements_related_tournament_id_tournaments_id_fk" FOREIGN KEY ("related_tournament_id") REFERENCES "public"."tournaments"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "announcements" ADD CONSTRAINT "announcements_related_game_id_games_id_fk" FOREIGN KEY ("related_game_id") REFERENCES "public"."games"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "announcements" ADD CONSTRAINT "announcements_related_practice_id_practices_id_fk" FOREIGN KEY ("related_practice_id") REFERENCES "public"."practices"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_post_outbox" ADD CONSTRAINT "chat_post_outbox_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "poll_votes" ADD CONSTRAINT "poll_votes_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "poll_votes" ADD CONSTRAINT "poll_votes_voter_id_users_id_fk" FOREIGN KEY ("voter_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "poll_votes" ADD CONSTRAINT "poll_votes_poll_team_fk" FOREIGN KEY ("poll_id","team_id") REFERENCES "public"."polls"("id","team_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "poll_votes" ADD CONSTRAINT "poll_votes_player_team_fk" FOREIGN KEY ("player_id","team_id") REFERENCES "public"."players"("id","team_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "polls" ADD CONSTRAINT "polls_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "polls" ADD CONSTRAINT "polls_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "announcement_comments_announcement_idx" ON "announcement_comments" USING btree ("announcement_id","created_at");--> statement-breakpoint
CREATE INDEX "announcement_comments_team_idx" ON "announcement_comments" USING btree ("team_id");--> statement-breakpoint
CREATE INDEX "announcement_comments_author_idx" ON "announcement_comments" USING btree ("author_id");--> statement-breakpoint
CREATE INDEX "announcements_team_created_idx" ON "announcements" USING btree ("team_id","created_at");--> statement-breakpoint
CREATE INDEX "announcements_author_idx" ON "announcements" USING btree ("author_id");--> statement-breakpoint
CREATE INDEX "announcements_related_tournament_idx" ON "announcements" USING btree ("related_tournament_id");--> statement-breakpoint
CREATE INDEX "announcements_related_game_idx" ON "announcements" USING btree ("related_game_id");--> statement-breakpoint
CREATE INDEX "announcements_related_practice_idx" ON "announcements" USING btree ("related_practice_id");--> statement-breakpoint
CREATE INDEX "chat_post_outbox_due_idx" ON "chat_post_outbox" USING btree ("next_attempt_at") WHERE "chat_post_outbox"."sent_at" is null and "chat_post_outbox"."gave_up_at" is null;--> statement-breakpoint
CREATE INDEX "chat_post_outbox_team_idx" ON "chat_post_outbox" USING btree ("team_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "poll_votes_poll_player_key" ON "poll_votes" USING btree ("poll_id","player_id");--> statement-breakpoint
CREATE INDEX "poll_votes_team_idx" ON "poll_votes" USING btree ("team_id");--> statement-breakpoint
CREATE INDEX "poll_votes_player_idx" ON "poll_votes" USING btree ("player_id");--> statement-breakpoint
CREATE INDEX "poll_votes_voter_idx" ON "poll_votes" USING btree ("voter_id");--> statement-breakpoint
CREATE INDEX "polls_team_created_idx" ON "polls" USING btree ("team_id","created_at");--> statement-breakpoint
CREATE INDEX "polls_author_idx" ON "polls" USING btree ("author_id");--> statement-breakpoint
-- Written by hand: every row grows its team's data version, so the polled lists answer 304 until
-- something changes (migration 0005, docs/decisions/013).
CREATE TRIGGER announcements_bump_team AFTER INSERT OR UPDATE OR DELETE ON announcements
  FOR EACH ROW EXECUTE FUNCTION bump_team_data_version();--> statement-breakpoint
CREATE TRIGGER announcement_comments_bump_team AFTER INSERT OR UPDATE OR DELETE ON announcement_comments
  FOR EACH ROW EXECUTE FUNCTION bump_team_data_version();--> statement-breakpoint
CREATE TRIGGER polls_bump_team AFTER INSERT OR UPDATE OR DELETE ON polls
  FOR EACH ROW EXECUTE FUNCTION bump_team_data_version();--> statement-breakpoint
CREATE TRIGGER poll_votes_bump_team AFTER INSERT OR UPDATE OR DELETE ON poll_votes
  FOR EACH ROW EXECUTE FUNCTION bump_team_data_version();
