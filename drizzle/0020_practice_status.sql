-- Issue 19: a practice can be cancelled and stay on the schedule, marked (docs/decisions/041).
ALTER TABLE "practices" ADD COLUMN "status" text DEFAULT 'scheduled' NOT NULL;--> statement-breakpoint
ALTER TABLE "practices" ADD CONSTRAINT "practices_status_check" CHECK ("practices"."status" in ('scheduled', 'cancelled'));