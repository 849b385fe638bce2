-- Emails queued before this keep their rendered subject and bodies: still valid, sent as they are.
ALTER TABLE "email_outbox" ALTER COLUMN "subject" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "email_outbox" ALTER COLUMN "text_body" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "email_outbox" ADD COLUMN "template" text;--> statement-breakpoint
ALTER TABLE "email_outbox" ADD COLUMN "params" jsonb;--> statement-breakpoint
ALTER TABLE "email_outbox" ADD COLUMN "skipped" text;--> statement-breakpoint
ALTER TABLE "email_outbox" ADD CONSTRAINT "email_outbox_content_check" CHECK (("email_outbox"."template" is not null and "email_outbox"."params" is not null) or ("email_outbox"."subject" is not null and "email_outbox"."text_body" is not null));