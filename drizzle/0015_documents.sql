CREATE TABLE "documents" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "documents_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"team_id" integer NOT NULL,
	"tournament_id" integer,
	"title" text NOT NULL,
	"description" text,
	"category" text DEFAULT 'general' NOT NULL,
	"is_public" boolean DEFAULT true NOT NULL,
	"blob_key" text NOT NULL,
	"original_filename" text NOT NULL,
	"file_type" text NOT NULL,
	"file_size" integer NOT NULL,
	"uploaded_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "documents_category_check" CHECK ("documents"."category" in ('general', 'waiver', 'rules', 'schedule', 'medical', 'registration', 'tournament')),
	CONSTRAINT "documents_file_type_check" CHECK ("documents"."file_type" in ('pdf', 'doc', 'docx', 'jpg', 'png', 'gif', 'txt')),
	CONSTRAINT "documents_file_size_check" CHECK ("documents"."file_size" >= 0)
);
--> statement-breakpoint
CREATE TABLE "pending_blobs" (
	"blob_key" text PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "documents" ADD CONSTRAINT "documents_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "documents" ADD CONSTRAINT "documents_uploaded_by_users_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "documents" ADD CONSTRAINT "documents_tournament_team_fk" FOREIGN KEY ("tournament_id","team_id") REFERENCES "public"."tournaments"("id","team_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "documents_team_created_idx" ON "documents" USING btree ("team_id","created_at");--> statement-breakpoint
CREATE INDEX "documents_tournament_idx" ON "documents" USING btree ("tournament_id");--> statement-breakpoint
CREATE INDEX "documents_uploaded_by_idx" ON "documents" USING btree ("uploaded_by");--> statement-breakpoint
CREATE UNIQUE INDEX "documents_blob_key" ON "documents" USING btree ("blob_key");--> statement-breakpoint
-- Documents grow the team's data_version like every table under a team (0005): the list's ETag follows.
CREATE TRIGGER documents_bump_team AFTER INSERT OR UPDATE OR DELETE ON documents
  FOR EACH ROW EXECUTE FUNCTION bump_team_data_version();--> statement-breakpoint
-- A document row that goes, however it goes (a delete, its tournament or team deleted), leaves its blob's
-- key for the sweeper, which removes the blob (docs/decisions/023).
CREATE OR REPLACE FUNCTION document_removed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO pending_blobs (blob_key) VALUES (OLD.blob_key) ON CONFLICT DO NOTHING;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER documents_removed AFTER DELETE ON documents
  FOR EACH ROW EXECUTE FUNCTION document_removed();
