-- Issue 19: the bell is live (docs/decisions/043). New notifications tell their readers' event streams,
-- one NOTIFY per team and statement (a change to a team of 25 families is one statement and one NOTIFY),
-- kind 'n' with the users told; a list too long for NOTIFY is left out by notify_live (0014), and every
-- stream of the team then asks.
CREATE OR REPLACE FUNCTION notifications_added() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  added record;
BEGIN
  FOR added IN
    SELECT team_id, json_agg(DISTINCT user_id) AS user_ids FROM new_rows GROUP BY team_id
  LOOP
    PERFORM notify_live(added.team_id, 'n', NULL, added.user_ids);
  END LOOP;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER notifications_added AFTER INSERT ON notifications
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION notifications_added();
--> statement-breakpoint
-- The bell's answer is kept per user in each process (src/server/db/change-cache.ts) and answered 304
-- while it holds: a statement that adds or marks notifications, or that changes which teams a user is in
-- (the bell lists only those), tells every process whose bells to drop: 'b' and the user ids, or 'b*'
-- when the list would not fit in a NOTIFY.
CREATE OR REPLACE FUNCTION bells_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  user_ids text;
BEGIN
  SELECT string_agg(DISTINCT user_id::text, ',') INTO user_ids FROM changed_rows;
  IF user_ids IS NULL THEN
    RETURN NULL;
  END IF;
  IF octet_length(user_ids) > 7900 THEN
    user_ids := '*';
  END IF;
  PERFORM pg_notify('club_changes', 'b' || user_ids);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER notifications_added_bells AFTER INSERT ON notifications
  REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION bells_changed();
--> statement-breakpoint
CREATE TRIGGER notifications_marked_bells AFTER UPDATE ON notifications
  REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION bells_changed();
--> statement-breakpoint
CREATE TRIGGER team_members_joined_bells AFTER INSERT ON team_members
  REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION bells_changed();
--> statement-breakpoint
CREATE TRIGGER team_members_left_bells AFTER DELETE ON team_members
  REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION bells_changed();
