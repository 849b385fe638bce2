CREATE TABLE "kits" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "kits_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"team_id" integer NOT NULL,
	"name" text NOT NULL,
	"type" text DEFAULT 'home' NOT NULL,
	"description" text,
	"jersey_color" text DEFAULT '#0066CC' NOT NULL,
	"shorts_color" text DEFAULT '#000000' NOT NULL,
	"socks_color" text DEFAULT '#FFFFFF' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "kits_type_check" CHECK (type in ('home', 'away', 'third', 'goalkeeper', 'training'))
);
--> statement-breakpoint
ALTER TABLE "team_members" ADD COLUMN "moderator_since" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "kits" ADD CONSTRAINT "kits_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "kits_team_idx" ON "kits" USING btree ("team_id");--> statement-breakpoint
CREATE INDEX "invite_tokens_team_idx" ON "invite_tokens" USING btree ("team_id");--> statement-breakpoint
CREATE INDEX "join_requests_player_idx" ON "join_requests" USING btree ("player_id");--> statement-breakpoint
CREATE INDEX "join_requests_user_idx" ON "join_requests" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "join_requests_reviewed_by_idx" ON "join_requests" USING btree ("reviewed_by");