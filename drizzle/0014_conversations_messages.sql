CREATE TABLE "conversation_participants" (
	"conversation_id" integer NOT NULL,
	"team_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"added_for_safety" boolean DEFAULT false NOT NULL,
	"unread_count" integer DEFAULT 0 NOT NULL,
	"last_read_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "conversation_participants_pkey" PRIMARY KEY("conversation_id","user_id"),
	CONSTRAINT "conversation_participants_unread_check" CHECK ("conversation_participants"."unread_count" >= 0)
);
--> statement-breakpoint
CREATE TABLE "conversations" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "conversations_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"team_id" integer NOT NULL,
	"name" text,
	"created_by" integer,
	"no_parent_yet" boolean DEFAULT false NOT NULL,
	"last_message_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "messages" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "messages_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"conversation_id" integer NOT NULL,
	"team_id" integer NOT NULL,
	"sender_id" integer,
	"content" text NOT NULL,
	"idempotency_key" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "conversations_id_team_key" ON "conversations" USING btree ("id","team_id");
--> statement-breakpoint
ALTER TABLE "conversation_participants" ADD CONSTRAINT "conversation_participants_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversation_participants" ADD CONSTRAINT "conversation_participants_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversation_participants" ADD CONSTRAINT "conversation_participants_conversation_team_fk" FOREIGN KEY ("conversation_id","team_id") REFERENCES "public"."conversations"("id","team_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversations" ADD CONSTRAINT "conversations_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversations" ADD CONSTRAINT "conversations_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_sender_id_users_id_fk" FOREIGN KEY ("sender_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_conversation_team_fk" FOREIGN KEY ("conversation_id","team_id") REFERENCES "public"."conversations"("id","team_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "conversation_participants_user_team_idx" ON "conversation_participants" USING btree ("user_id","team_id");--> statement-breakpoint
CREATE INDEX "conversation_participants_team_idx" ON "conversation_participants" USING btree ("team_id");--> statement-breakpoint
CREATE INDEX "conversations_team_idx" ON "conversations" USING btree ("team_id");--> statement-breakpoint
CREATE INDEX "conversations_created_by_idx" ON "conversations" USING btree ("created_by");--> statement-breakpoint
CREATE INDEX "messages_conversation_created_idx" ON "messages" USING btree ("conversation_id","created_at","id");--> statement-breakpoint
CREATE INDEX "messages_team_idx" ON "messages" USING btree ("team_id");--> statement-breakpoint
CREATE INDEX "messages_sender_idx" ON "messages" USING btree ("sender_id");--> statement-breakpoint
CREATE UNIQUE INDEX "messages_sender_idempotency_key" ON "messages" USING btree ("sender_id","idempotency_key") WHERE "messages"."idempotency_key" is not null;--> statement-breakpoint
-- Conversations and messages grow the team's data_version like every other table under a team (0005),
-- so the ETags of the polled reads (conversation list, messages, unread count) change with them.
CREATE TRIGGER conversations_bump_team AFTER INSERT OR DELETE ON conversations
  FOR EACH ROW EXECUTE FUNCTION bump_team_data_version();--> statement-breakpoint
-- A new message moves last_message_at; the message itself already grew the version, once.
CREATE TRIGGER conversations_changed_bump_team AFTER UPDATE ON conversations
  FOR EACH ROW WHEN (
    OLD.name IS DISTINCT FROM NEW.name OR OLD.no_parent_yet IS DISTINCT FROM NEW.no_parent_yet
    OR OLD.created_by IS DISTINCT FROM NEW.created_by OR OLD.team_id IS DISTINCT FROM NEW.team_id
  ) EXECUTE FUNCTION bump_team_data_version();--> statement-breakpoint
CREATE TRIGGER messages_bump_team AFTER INSERT OR UPDATE OR DELETE ON messages
  FOR EACH ROW EXECUTE FUNCTION bump_team_data_version();--> statement-breakpoint
-- Live updates (DECISIONS.md 'Live updates'): one NOTIFY on 'club_live' per change, naming the team, the
-- kind ('m' message, 'c' conversation added, 'r' read, 'a' announcements, 'p' polls) and, where it is for
-- some members only, their user ids. Sent at commit, and not at all on a rollback. A list of users too
-- long for NOTIFY's 8,000 bytes is left out: every stream of the team is then told, and each page asks.
CREATE OR REPLACE FUNCTION notify_live(team_id integer, kind text, conversation_id integer, user_ids json)
RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  payload text;
BEGIN
  payload := json_build_object('t', team_id, 'k', kind, 'c', conversation_id, 'u', user_ids)::text;
  IF octet_length(payload) > 7900 THEN
    payload := json_build_object('t', team_id, 'k', kind, 'c', conversation_id)::text;
  END IF;
  PERFORM pg_notify('club_live', payload);
END $$;
--> statement-breakpoint
-- A new message: everyone else in the conversation has one more unread, the conversation's last activity
-- moves, and its participants' streams are told.
CREATE OR REPLACE FUNCTION message_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE conversation_participants SET unread_count = unread_count + 1
    WHERE conversation_id = NEW.conversation_id AND user_id IS DISTINCT FROM NEW.sender_id;
  UPDATE conversations SET last_message_at = NEW.created_at
    WHERE id = NEW.conversation_id AND (last_message_at IS NULL OR last_message_at < NEW.created_at);
  PERFORM notify_live(NEW.team_id, 'm', NEW.conversation_id,
    (SELECT json_agg(user_id ORDER BY user_id) FROM conversation_participants
      WHERE conversation_id = NEW.conversation_id));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER messages_inserted AFTER INSERT ON messages
  FOR EACH ROW EXECUTE FUNCTION message_inserted();--> statement-breakpoint
-- Participants added (a new conversation): one bump and one NOTIFY per team and statement, not per row.
CREATE OR REPLACE FUNCTION participants_added() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  added record;
BEGIN
  FOR added IN
    SELECT team_id, conversation_id, json_agg(user_id ORDER BY user_id) AS user_ids
      FROM new_rows GROUP BY team_id, conversation_id
  LOOP
    UPDATE teams SET data_version = data_version + 1 WHERE id = added.team_id;
    PERFORM notify_live(added.team_id, 'c', added.conversation_id, added.user_ids);
  END LOOP;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER conversation_participants_added AFTER INSERT ON conversation_participants
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION participants_added();--> statement-breakpoint
-- A participant read the conversation (fewer unread, or a new last_read_at): that user's other pages
-- update their badges. The unread counts that a new message raises are not a change of their own here:
-- the message already grew the version and told the streams.
CREATE OR REPLACE FUNCTION participants_read() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  changed record;
BEGIN
  FOR changed IN
    SELECT n.team_id, n.conversation_id, json_agg(n.user_id ORDER BY n.user_id) AS user_ids
      FROM new_rows n JOIN old_rows o ON o.conversation_id = n.conversation_id AND o.user_id = n.user_id
      WHERE n.unread_count < o.unread_count OR n.last_read_at IS DISTINCT FROM o.last_read_at
      GROUP BY n.team_id, n.conversation_id
  LOOP
    UPDATE teams SET data_version = data_version + 1 WHERE id = changed.team_id;
    PERFORM notify_live(changed.team_id, 'r', changed.conversation_id, changed.user_ids);
  END LOOP;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER conversation_participants_read AFTER UPDATE ON conversation_participants
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION participants_read();--> statement-breakpoint
CREATE OR REPLACE FUNCTION participants_removed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE teams SET data_version = data_version + 1 WHERE id IN (SELECT DISTINCT team_id FROM old_rows);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER conversation_participants_removed AFTER DELETE ON conversation_participants
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION participants_removed();--> statement-breakpoint
-- Announcements, their comments, polls and votes: the team's streams are told to read them again.
CREATE OR REPLACE FUNCTION notify_live_team() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM notify_live(COALESCE(NEW.team_id, OLD.team_id), TG_ARGV[0], NULL, NULL);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER announcements_live AFTER INSERT OR UPDATE OR DELETE ON announcements
  FOR EACH ROW EXECUTE FUNCTION notify_live_team('a');--> statement-breakpoint
CREATE TRIGGER announcement_comments_live AFTER INSERT OR UPDATE OR DELETE ON announcement_comments
  FOR EACH ROW EXECUTE FUNCTION notify_live_team('a');--> statement-breakpoint
CREATE TRIGGER polls_live AFTER INSERT OR UPDATE OR DELETE ON polls
  FOR EACH ROW EXECUTE FUNCTION notify_live_team('p');--> statement-breakpoint
CREATE TRIGGER poll_votes_live AFTER INSERT OR UPDATE OR DELETE ON poll_votes
  FOR EACH ROW EXECUTE FUNCTION notify_live_team('p');
