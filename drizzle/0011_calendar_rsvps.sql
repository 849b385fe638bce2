-- The referenced pairs must be unique before the RSVP foreign keys can name them (moved up by hand).
CREATE UNIQUE INDEX "games_id_team_key" ON "games" USING btree ("id","team_id");--> statement-breakpoint
CREATE UNIQUE INDEX "practices_id_team_key" ON "practices" USING btree ("id","team_id");--> statement-breakpoint
CREATE UNIQUE INDEX "tournament_games_id_team_key" ON "tournament_games" USING btree ("id","team_id");--> statement-breakpoint
CREATE TABLE "rsvps" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "rsvps_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"team_id" integer NOT NULL,
	"player_id" integer NOT NULL,
	"game_id" integer,
	"tournament_game_id" integer,
	"practice_id" integer,
	"response" text NOT NULL,
	"notes" text,
	"responded_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "rsvps_one_event_check" CHECK (num_nonnulls("rsvps"."game_id", "rsvps"."tournament_game_id", "rsvps"."practice_id") = 1),
	CONSTRAINT "rsvps_response_check" CHECK ("rsvps"."response" in ('yes', 'maybe', 'no'))
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "calendar_token_hash" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "calendar_token_sealed" text;--> statement-breakpoint
ALTER TABLE "games" ADD COLUMN "revision" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "practices" ADD COLUMN "revision" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "tournament_games" ADD COLUMN "revision" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "tournaments" ADD COLUMN "revision" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "rsvps" ADD CONSTRAINT "rsvps_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rsvps" ADD CONSTRAINT "rsvps_responded_by_users_id_fk" FOREIGN KEY ("responded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rsvps" ADD CONSTRAINT "rsvps_player_team_fk" FOREIGN KEY ("player_id","team_id") REFERENCES "public"."players"("id","team_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rsvps" ADD CONSTRAINT "rsvps_game_team_fk" FOREIGN KEY ("game_id","team_id") REFERENCES "public"."games"("id","team_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rsvps" ADD CONSTRAINT "rsvps_tournament_game_team_fk" FOREIGN KEY ("tournament_game_id","team_id") REFERENCES "public"."tournament_games"("id","team_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rsvps" ADD CONSTRAINT "rsvps_practice_team_fk" FOREIGN KEY ("practice_id","team_id") REFERENCES "public"."practices"("id","team_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "rsvps_player_game_key" ON "rsvps" USING btree ("player_id","game_id");--> statement-breakpoint
CREATE UNIQUE INDEX "rsvps_player_tournament_game_key" ON "rsvps" USING btree ("player_id","tournament_game_id");--> statement-breakpoint
CREATE UNIQUE INDEX "rsvps_player_practice_key" ON "rsvps" USING btree ("player_id","practice_id");--> statement-breakpoint
CREATE INDEX "rsvps_team_idx" ON "rsvps" USING btree ("team_id");--> statement-breakpoint
CREATE INDEX "rsvps_game_idx" ON "rsvps" USING btree ("game_id");--> statement-breakpoint
CREATE INDEX "rsvps_tournament_game_idx" ON "rsvps" USING btree ("tournament_game_id");--> statement-breakpoint
CREATE INDEX "rsvps_practice_idx" ON "rsvps" USING btree ("practice_id");--> statement-breakpoint
CREATE INDEX "rsvps_responded_by_idx" ON "rsvps" USING btree ("responded_by");--> statement-breakpoint
-- Written by hand. An event's revision grows on every update: the calendar feed's SEQUENCE, so a
-- calendar app replaces its copy (DECISIONS.md 'Calendar feed').
CREATE FUNCTION grow_revision() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.revision := OLD.revision + 1;
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER tournaments_grow_revision BEFORE UPDATE ON tournaments
  FOR EACH ROW EXECUTE FUNCTION grow_revision();--> statement-breakpoint
CREATE TRIGGER tournament_games_grow_revision BEFORE UPDATE ON tournament_games
  FOR EACH ROW EXECUTE FUNCTION grow_revision();--> statement-breakpoint
CREATE TRIGGER games_grow_revision BEFORE UPDATE ON games
  FOR EACH ROW EXECUTE FUNCTION grow_revision();--> statement-breakpoint
CREATE TRIGGER practices_grow_revision BEFORE UPDATE ON practices
  FOR EACH ROW EXECUTE FUNCTION grow_revision();--> statement-breakpoint
-- An answer grows its team's data version like every change under a team (migration 0005).
CREATE TRIGGER rsvps_bump_team AFTER INSERT OR UPDATE OR DELETE ON rsvps
  FOR EACH ROW EXECUTE FUNCTION bump_team_data_version();
