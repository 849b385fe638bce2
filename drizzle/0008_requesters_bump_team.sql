-- A user's name and email also show on the join requests of teams they asked to join (as requester)
-- or decided on (as reviewer, e.g. a club admin who is no member): those teams' data version grows too,
-- so a polled list's ETag never outlives a rename (docs/decisions/013).
CREATE OR REPLACE FUNCTION bump_teams_of_user() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE teams SET data_version = data_version + 1
    WHERE id IN (
      SELECT team_id FROM team_members WHERE user_id = NEW.id
      UNION SELECT team_id FROM join_requests WHERE user_id = NEW.id OR reviewed_by = NEW.id
    );
  RETURN NEW;
END $$;
