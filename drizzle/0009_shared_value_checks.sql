-- The last two closed lists of values without a CHECK (src/shared: POSITIONS, MODERATOR_FLAGS); the app
-- has only ever written values from these lists, so existing rows pass.
ALTER TABLE "players" ADD CONSTRAINT "players_position_check" CHECK ("players"."position" in ('Goalkeeper', 'Defender', 'Midfielder', 'Forward'));--> statement-breakpoint
ALTER TABLE "team_members" ADD CONSTRAINT "team_members_permissions_check" CHECK ("team_members"."permissions" <@ array['can_update_scores', 'can_make_announcements', 'can_create_tournaments', 'can_manage_roster', 'can_upload_files', 'can_send_messages', 'can_manage_events', 'can_edit_team_info', 'can_manage_equipment', 'can_view_finances', 'can_collect_payments', 'can_assign_snacks']::text[]);
