-- Issue 21 (docs/decisions/048): the weekly series a practice was created with; null for a single
-- practice and for every practice created before series existed.
ALTER TABLE "practices" ADD COLUMN "series_id" uuid;--> statement-breakpoint
CREATE INDEX "practices_team_series_idx" ON "practices" USING btree ("team_id","series_id","date") WHERE "practices"."series_id" is not null;