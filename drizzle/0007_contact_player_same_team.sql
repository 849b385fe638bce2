-- The referenced pair must be unique before a foreign key can name it.
CREATE UNIQUE INDEX "players_id_team_key" ON "players" USING btree ("id","team_id");--> statement-breakpoint
ALTER TABLE "parent_contacts" ADD CONSTRAINT "parent_contacts_player_team_fk" FOREIGN KEY ("player_id","team_id") REFERENCES "public"."players"("id","team_id") ON DELETE cascade ON UPDATE no action;
