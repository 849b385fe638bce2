-- Issue 20 (docs/decisions/046): a tournament game's optional arrival time ('HH:MM' in the team's
-- zone), as games and practices have since 0024.
ALTER TABLE "tournament_games" ADD COLUMN "arrival_time" text;
