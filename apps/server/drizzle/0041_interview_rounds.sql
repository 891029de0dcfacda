-- Interviews and rounds (issue 42, docs/ARCHITECTURE.md "Interviews and rounds"). A stage of an opening can be a
-- round: slots on panels that candidates book (or are allotted), attendance, one scorecard per panelist and
-- candidate, and personal links for outside interviewers.
CREATE TABLE "interview_rounds" (
  "stage_id" uuid PRIMARY KEY NOT NULL REFERENCES "opening_stages"("id") ON DELETE CASCADE,
  "opening_id" uuid NOT NULL REFERENCES "openings"("id") ON DELETE CASCADE,
  "kind" text NOT NULL,
  "mode" text NOT NULL,
  "duration_minutes" integer NOT NULL,
  "venue" text,
  "meeting_link" text,
  "booking_opens_at" timestamp(3) with time zone NOT NULL,
  "booking_closes_at" timestamp(3) with time zone NOT NULL,
  "reschedule_cutoff_hours" integer NOT NULL DEFAULT 24,
  "assignment" text NOT NULL DEFAULT 'self',
  "criteria" jsonb NOT NULL DEFAULT '[]'::jsonb,
  "created_by" bigint REFERENCES "users"("id") ON DELETE SET NULL,
  "created_at" timestamp(3) with time zone NOT NULL DEFAULT now(),
  "updated_at" timestamp(3) with time zone NOT NULL DEFAULT now(),
  CONSTRAINT "interview_rounds_kind_known" CHECK ("kind" IN ('test', 'groupDiscussion', 'interview', 'other')),
  CONSTRAINT "interview_rounds_mode_known" CHECK ("mode" IN ('onCampus', 'online', 'phone')),
  CONSTRAINT "interview_rounds_assignment_known" CHECK ("assignment" IN ('self', 'allot')),
  CONSTRAINT "interview_rounds_duration_range" CHECK ("duration_minutes" BETWEEN 5 AND 480),
  CONSTRAINT "interview_rounds_cutoff_range" CHECK ("reschedule_cutoff_hours" BETWEEN 0 AND 720),
  CONSTRAINT "interview_rounds_window_order" CHECK ("booking_opens_at" < "booking_closes_at")
);--> statement-breakpoint
CREATE INDEX "interview_rounds_opening_idx" ON "interview_rounds" ("opening_id");--> statement-breakpoint

CREATE TABLE "round_panels" (
  "id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
  "round_id" uuid NOT NULL REFERENCES "interview_rounds"("stage_id") ON DELETE CASCADE,
  "name" text NOT NULL,
  "position" integer NOT NULL,
  "created_at" timestamp(3) with time zone NOT NULL DEFAULT now()
);--> statement-breakpoint
CREATE UNIQUE INDEX "round_panels_round_name_key" ON "round_panels" ("round_id", lower("name"));--> statement-breakpoint

-- A panelist is a person of the team (user_id) or an outside interviewer known by email (user_id null).
CREATE TABLE "round_panelists" (
  "id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
  "panel_id" uuid NOT NULL REFERENCES "round_panels"("id") ON DELETE CASCADE,
  "user_id" bigint REFERENCES "users"("id") ON DELETE CASCADE,
  "email" text NOT NULL,
  "name" text NOT NULL,
  "created_at" timestamp(3) with time zone NOT NULL DEFAULT now(),
  CONSTRAINT "round_panelists_email_lowercase" CHECK ("email" = lower("email"))
);--> statement-breakpoint
CREATE UNIQUE INDEX "round_panelists_panel_email_key" ON "round_panelists" ("panel_id", "email");--> statement-breakpoint
CREATE INDEX "round_panelists_user_idx" ON "round_panelists" ("user_id");--> statement-breakpoint

-- `seats_taken` is the capacity guard: a booking takes a seat with one conditional UPDATE (seats_taken < capacity)
-- on the slot's row, so two candidates racing for the last seat queue on that row and the second finds it full.
CREATE TABLE "round_slots" (
  "id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
  "round_id" uuid NOT NULL REFERENCES "interview_rounds"("stage_id") ON DELETE CASCADE,
  "panel_id" uuid NOT NULL REFERENCES "round_panels"("id") ON DELETE CASCADE,
  "starts_at" timestamp(3) with time zone NOT NULL,
  "ends_at" timestamp(3) with time zone NOT NULL,
  "time_zone" text NOT NULL,
  "capacity" integer NOT NULL,
  "seats_taken" integer NOT NULL DEFAULT 0,
  "venue" text,
  "meeting_link" text,
  "created_at" timestamp(3) with time zone NOT NULL DEFAULT now(),
  CONSTRAINT "round_slots_capacity_positive" CHECK ("capacity" >= 1),
  CONSTRAINT "round_slots_seats_within_capacity" CHECK ("seats_taken" >= 0 AND "seats_taken" <= "capacity"),
  CONSTRAINT "round_slots_ends_after_start" CHECK ("ends_at" > "starts_at")
);--> statement-breakpoint
CREATE INDEX "round_slots_round_start_idx" ON "round_slots" ("round_id", "starts_at");--> statement-breakpoint
CREATE INDEX "round_slots_panel_start_idx" ON "round_slots" ("panel_id", "starts_at");--> statement-breakpoint

-- One live booking per candidate per round (partial unique index); cancelled ones are kept for the record. The
-- slot's times are copied in so "is this candidate free then?" is one index range over the candidate's bookings at
-- every organization. `sequence` is the iCalendar SEQUENCE of the booking's event (its UID is the booking id).
CREATE TABLE "round_bookings" (
  "id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
  "round_id" uuid NOT NULL REFERENCES "interview_rounds"("stage_id") ON DELETE CASCADE,
  "slot_id" uuid NOT NULL REFERENCES "round_slots"("id") ON DELETE CASCADE,
  "application_id" uuid NOT NULL REFERENCES "applications"("id") ON DELETE CASCADE,
  "candidate_id" bigint NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
  "status" text NOT NULL DEFAULT 'booked',
  "starts_at" timestamp(3) with time zone NOT NULL,
  "ends_at" timestamp(3) with time zone NOT NULL,
  "sequence" integer NOT NULL DEFAULT 0,
  "allotted" boolean NOT NULL DEFAULT false,
  "attendance" text,
  "attendance_marked_by" bigint REFERENCES "users"("id") ON DELETE SET NULL,
  "attendance_marked_at" timestamp(3) with time zone,
  "booked_at" timestamp(3) with time zone NOT NULL DEFAULT now(),
  "cancelled_at" timestamp(3) with time zone,
  CONSTRAINT "round_bookings_status_known" CHECK ("status" IN ('booked', 'cancelled')),
  CONSTRAINT "round_bookings_attendance_known" CHECK ("attendance" IS NULL OR "attendance" IN ('present', 'absent', 'late'))
);--> statement-breakpoint
CREATE UNIQUE INDEX "round_bookings_live_key" ON "round_bookings" ("round_id", "application_id") WHERE "status" = 'booked';--> statement-breakpoint
CREATE INDEX "round_bookings_slot_idx" ON "round_bookings" ("slot_id");--> statement-breakpoint
CREATE INDEX "round_bookings_round_idx" ON "round_bookings" ("round_id");--> statement-breakpoint
CREATE INDEX "round_bookings_candidate_time_idx" ON "round_bookings" ("candidate_id", "starts_at") WHERE "status" = 'booked';--> statement-breakpoint
CREATE INDEX "round_bookings_application_idx" ON "round_bookings" ("application_id");--> statement-breakpoint
CREATE INDEX "round_bookings_absences_idx" ON "round_bookings" ("candidate_id", "attendance_marked_at") WHERE "attendance" = 'absent';--> statement-breakpoint

CREATE TABLE "round_change_requests" (
  "id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
  "booking_id" uuid NOT NULL REFERENCES "round_bookings"("id") ON DELETE CASCADE,
  "round_id" uuid NOT NULL REFERENCES "interview_rounds"("stage_id") ON DELETE CASCADE,
  "reason" text NOT NULL,
  "status" text NOT NULL DEFAULT 'open',
  "created_at" timestamp(3) with time zone NOT NULL DEFAULT now(),
  "resolved_at" timestamp(3) with time zone,
  CONSTRAINT "round_change_requests_status_known" CHECK ("status" IN ('open', 'resolved'))
);--> statement-breakpoint
CREATE UNIQUE INDEX "round_change_requests_open_key" ON "round_change_requests" ("booking_id") WHERE "status" = 'open';--> statement-breakpoint
CREATE INDEX "round_change_requests_round_idx" ON "round_change_requests" ("round_id", "created_at");--> statement-breakpoint
CREATE INDEX "round_change_requests_booking_idx" ON "round_change_requests" ("booking_id");--> statement-breakpoint

-- One scorecard per panelist per candidate per round; `ratings` maps each of the round's criteria ids to 1–5.
CREATE TABLE "round_scorecards" (
  "id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
  "round_id" uuid NOT NULL REFERENCES "interview_rounds"("stage_id") ON DELETE CASCADE,
  "application_id" uuid NOT NULL REFERENCES "applications"("id") ON DELETE CASCADE,
  "panelist_id" uuid NOT NULL REFERENCES "round_panelists"("id") ON DELETE CASCADE,
  "ratings" jsonb NOT NULL,
  "recommendation" text NOT NULL,
  "notes" text NOT NULL DEFAULT '',
  "submitted_at" timestamp(3) with time zone NOT NULL DEFAULT now(),
  "updated_at" timestamp(3) with time zone NOT NULL DEFAULT now(),
  CONSTRAINT "round_scorecards_recommendation_known" CHECK ("recommendation" IN ('strongNo', 'no', 'yes', 'strongYes'))
);--> statement-breakpoint
CREATE UNIQUE INDEX "round_scorecards_one_key" ON "round_scorecards" ("round_id", "application_id", "panelist_id");--> statement-breakpoint
CREATE INDEX "round_scorecards_application_idx" ON "round_scorecards" ("application_id");--> statement-breakpoint
CREATE INDEX "round_scorecards_panelist_idx" ON "round_scorecards" ("panelist_id");--> statement-breakpoint

-- A personal link for an outside interviewer (the share-link model): only the SHA-256 of its token is stored.
CREATE TABLE "round_panel_links" (
  "id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
  "panelist_id" uuid NOT NULL REFERENCES "round_panelists"("id") ON DELETE CASCADE,
  "token_hash" text NOT NULL,
  "expires_at" timestamp(3) with time zone NOT NULL,
  "revoked_at" timestamp(3) with time zone,
  "created_by" bigint REFERENCES "users"("id") ON DELETE SET NULL,
  "created_at" timestamp(3) with time zone NOT NULL DEFAULT now(),
  "views" integer NOT NULL DEFAULT 0,
  "last_viewed_at" timestamp(3) with time zone
);--> statement-breakpoint
CREATE UNIQUE INDEX "round_panel_links_token_hash_key" ON "round_panel_links" ("token_hash");--> statement-breakpoint
CREATE INDEX "round_panel_links_panelist_idx" ON "round_panel_links" ("panelist_id");--> statement-breakpoint
CREATE TABLE "round_panel_link_views" (
  "id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
  "link_id" uuid NOT NULL REFERENCES "round_panel_links"("id") ON DELETE CASCADE,
  "viewed_at" timestamp(3) with time zone NOT NULL DEFAULT now()
);--> statement-breakpoint
CREATE INDEX "round_panel_link_views_link_idx" ON "round_panel_link_views" ("link_id", "viewed_at");--> statement-breakpoint

-- Scorecards are a ranking input (recipe criterion `scorecard`): any change makes the opening's stored ranking stale,
-- as 0026 does for video scores.
CREATE FUNCTION "round_scorecards_ranking_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    PERFORM "ranking_bump"(array(SELECT DISTINCT r."opening_id" FROM old_rows s
      JOIN "interview_rounds" r ON r."stage_id" = s."round_id"));
  ELSE
    PERFORM "ranking_bump"(array(SELECT DISTINCT r."opening_id" FROM new_rows s
      JOIN "interview_rounds" r ON r."stage_id" = s."round_id"));
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "round_scorecards_ranking_insert" AFTER INSERT ON "round_scorecards"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "round_scorecards_ranking_changed"();--> statement-breakpoint
CREATE TRIGGER "round_scorecards_ranking_update" AFTER UPDATE ON "round_scorecards"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "round_scorecards_ranking_changed"();--> statement-breakpoint
CREATE TRIGGER "round_scorecards_ranking_delete" AFTER DELETE ON "round_scorecards"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "round_scorecards_ranking_changed"();
