-- Tells every app process (LISTEN club_changes) which team or user changed, so each drops what it
-- keeps of them (src/server/db/change-cache.ts). Every change under a team updates its row
-- (data_version, migration 0005), so one trigger on teams covers players, members, flags and the rest.
-- Notifications are sent when the transaction commits, and not at all when it rolls back.
CREATE OR REPLACE FUNCTION notify_club_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('club_changes', TG_ARGV[0] || COALESCE(NEW.id, OLD.id)::text);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER teams_notify AFTER UPDATE OR DELETE ON teams
  FOR EACH ROW EXECUTE FUNCTION notify_club_change('t');
--> statement-breakpoint
CREATE TRIGGER users_notify AFTER UPDATE OR DELETE ON users
  FOR EACH ROW EXECUTE FUNCTION notify_club_change('u');
