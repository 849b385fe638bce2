CREATE TABLE "games" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "games_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"team_id" integer NOT NULL,
	"opponent" text NOT NULL,
	"date" date NOT NULL,
	"time" text NOT NULL,
	"location" text NOT NULL,
	"address" text,
	"type" text DEFAULT 'friendly' NOT NULL,
	"is_home" boolean DEFAULT true NOT NULL,
	"kit" text,
	"notes" text,
	"status" text DEFAULT 'scheduled' NOT NULL,
	"our_score" integer,
	"opponent_score" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "games_type_check" CHECK ("games"."type" in ('friendly', 'league', 'other')),
	CONSTRAINT "games_status_check" CHECK ("games"."status" in ('scheduled', 'in_progress', 'completed', 'conditional', 'cancelled')),
	CONSTRAINT "games_scores_check" CHECK (("games"."our_score" is null or "games"."our_score" >= 0) and ("games"."opponent_score" is null or "games"."opponent_score" >= 0))
);
--> statement-breakpoint
CREATE TABLE "practices" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "practices_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"team_id" integer NOT NULL,
	"title" text NOT NULL,
	"date" date NOT NULL,
	"time" text NOT NULL,
	"location" text NOT NULL,
	"address" text,
	"duration" integer,
	"focus" text,
	"notes" text,
	"equipment_needed" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "practices_duration_check" CHECK ("practices"."duration" is null or "practices"."duration" > 0)
);
--> statement-breakpoint
CREATE TABLE "tournament_games" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "tournament_games_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"tournament_id" integer NOT NULL,
	"team_id" integer NOT NULL,
	"opponent" text NOT NULL,
	"round_name" text,
	"date" date,
	"time" text,
	"field" text,
	"kit" text,
	"status" text DEFAULT 'scheduled' NOT NULL,
	"notes" text,
	"condition" text,
	"our_score" integer,
	"opponent_score" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tournament_games_status_check" CHECK ("tournament_games"."status" in ('scheduled', 'in_progress', 'completed', 'conditional', 'cancelled')),
	CONSTRAINT "tournament_games_scores_check" CHECK (("tournament_games"."our_score" is null or "tournament_games"."our_score" >= 0) and ("tournament_games"."opponent_score" is null or "tournament_games"."opponent_score" >= 0))
);
--> statement-breakpoint
CREATE TABLE "tournaments" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "tournaments_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"team_id" integer NOT NULL,
	"name" text NOT NULL,
	"location" text NOT NULL,
	"address" text,
	"url" text,
	"start_date" date NOT NULL,
	"end_date" date NOT NULL,
	"notes" text,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tournaments_dates_check" CHECK ("tournaments"."end_date" >= "tournaments"."start_date")
);
--> statement-breakpoint
-- The referenced pair must be unique before a foreign key can name it (moved up by hand).
CREATE UNIQUE INDEX "tournaments_id_team_key" ON "tournaments" USING btree ("id","team_id");--> statement-breakpoint
ALTER TABLE "games" ADD CONSTRAINT "games_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "practices" ADD CONSTRAINT "practices_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tournament_games" ADD CONSTRAINT "tournament_games_tournament_id_tournaments_id_fk" FOREIGN KEY ("tournament_id") REFERENCES "public"."tournaments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tournament_games" ADD CONSTRAINT "tournament_games_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tournament_games" ADD CONSTRAINT "tournament_games_tournament_team_fk" FOREIGN KEY ("tournament_id","team_id") REFERENCES "public"."tournaments"("id","team_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tournaments" ADD CONSTRAINT "tournaments_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tournaments" ADD CONSTRAINT "tournaments_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "games_team_date_idx" ON "games" USING btree ("team_id","date");--> statement-breakpoint
CREATE INDEX "practices_team_date_idx" ON "practices" USING btree ("team_id","date");--> statement-breakpoint
CREATE INDEX "tournament_games_tournament_idx" ON "tournament_games" USING btree ("tournament_id");--> statement-breakpoint
CREATE INDEX "tournament_games_team_date_idx" ON "tournament_games" USING btree ("team_id","date");--> statement-breakpoint
CREATE INDEX "tournaments_team_start_idx" ON "tournaments" USING btree ("team_id","start_date");--> statement-breakpoint
CREATE INDEX "tournaments_created_by_idx" ON "tournaments" USING btree ("created_by");--> statement-breakpoint
-- Written by hand: every event grows its team's data version, so the polled lists answer 304 until
-- something changes (migration 0005, docs/decisions/013). tournament_games carries team_id for this too.
CREATE TRIGGER tournaments_bump_team AFTER INSERT OR UPDATE OR DELETE ON tournaments
  FOR EACH ROW EXECUTE FUNCTION bump_team_data_version();
--> statement-breakpoint
CREATE TRIGGER tournament_games_bump_team AFTER INSERT OR UPDATE OR DELETE ON tournament_games
  FOR EACH ROW EXECUTE FUNCTION bump_team_data_version();
--> statement-breakpoint
CREATE TRIGGER games_bump_team AFTER INSERT OR UPDATE OR DELETE ON games
  FOR EACH ROW EXECUTE FUNCTION bump_team_data_version();
--> statement-breakpoint
CREATE TRIGGER practices_bump_team AFTER INSERT OR UPDATE OR DELETE ON practices
  FOR EACH ROW EXECUTE FUNCTION bump_team_data_version();
