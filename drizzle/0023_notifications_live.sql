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
