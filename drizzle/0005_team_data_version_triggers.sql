-- Every change under a team makes teams.data_version grow, so a polled read answers 304 from that one
-- number (docs/decisions/013). Kept by the database itself, so every app process agrees without
-- telling the others anything.
CREATE OR REPLACE FUNCTION bump_team_data_version() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    UPDATE teams SET data_version = data_version + 1 WHERE id = OLD.team_id;
    RETURN OLD;
  END IF;
  UPDATE teams SET data_version = data_version + 1 WHERE id = NEW.team_id;
  IF TG_OP = 'UPDATE' AND OLD.team_id IS DISTINCT FROM NEW.team_id THEN
    UPDATE teams SET data_version = data_version + 1 WHERE id = OLD.team_id;
  END IF;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER players_bump_team AFTER INSERT OR UPDATE OR DELETE ON players
  FOR EACH ROW EXECUTE FUNCTION bump_team_data_version();
--> statement-breakpoint
CREATE TRIGGER parent_contacts_bump_team AFTER INSERT OR UPDATE OR DELETE ON parent_contacts
  FOR EACH ROW EXECUTE FUNCTION bump_team_data_version();
--> statement-breakpoint
CREATE TRIGGER team_members_bump_team AFTER INSERT OR UPDATE OR DELETE ON team_members
  FOR EACH ROW EXECUTE FUNCTION bump_team_data_version();
--> statement-breakpoint
CREATE TRIGGER join_requests_bump_team AFTER INSERT OR UPDATE OR DELETE ON join_requests
  FOR EACH ROW EXECUTE FUNCTION bump_team_data_version();
--> statement-breakpoint
CREATE TRIGGER invite_tokens_bump_team AFTER INSERT OR UPDATE OR DELETE ON invite_tokens
  FOR EACH ROW EXECUTE FUNCTION bump_team_data_version();
--> statement-breakpoint
CREATE TRIGGER kits_bump_team AFTER INSERT OR UPDATE OR DELETE ON kits
  FOR EACH ROW EXECUTE FUNCTION bump_team_data_version();
--> statement-breakpoint
-- A change to the team row itself (details, bot id, invite code).
CREATE OR REPLACE FUNCTION bump_own_data_version() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.data_version = OLD.data_version THEN
    NEW.data_version := OLD.data_version + 1;
  END IF;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER teams_bump_own BEFORE UPDATE ON teams
  FOR EACH ROW EXECUTE FUNCTION bump_own_data_version();
--> statement-breakpoint
-- A member's profile shows in their teams' answers (a linked parent's own name and phone).
CREATE OR REPLACE FUNCTION bump_teams_of_user() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE teams SET data_version = data_version + 1
    WHERE id IN (SELECT team_id FROM team_members WHERE user_id = NEW.id);
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER users_bump_teams AFTER UPDATE OF name, phone, email, email_verified_at, role ON users
  FOR EACH ROW EXECUTE FUNCTION bump_teams_of_user();
