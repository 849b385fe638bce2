-- Issue 17: the calendar feed's Last-Modified per feed address (docs/decisions/017), and the original a
-- quick-add copy of a tournament was made from (docs/decisions/014).
CREATE TABLE "calendar_feed_states" (
	"user_id" integer NOT NULL,
	"player_id" integer DEFAULT 0 NOT NULL,
	"content_hash" text NOT NULL,
	"modified_at" timestamp with time zone NOT NULL,
	CONSTRAINT "calendar_feed_states_user_id_player_id_pk" PRIMARY KEY("user_id","player_id")
);
--> statement-breakpoint
ALTER TABLE "tournaments" ADD COLUMN "source_tournament_id" integer;--> statement-breakpoint
ALTER TABLE "calendar_feed_states" ADD CONSTRAINT "calendar_feed_states_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;