-- Placement season (issue 41, docs/ARCHITECTURE.md "Placement season"). An institution's placement cell runs cycles:
-- students enrol (link, verification group, uploaded list), companies register and the cell approves them and each of
-- their openings, a policy of named rules is checked at apply and offer time, offers are answered in the product and an
-- accepted one writes a verified placement entry, notices reach the cycle's students.

-- The cell link: an organization acts as its institution's placement cell once the link is confirmed
-- (institution_linked_at set). The organization's owner may ask (institution_id set, linked_at null) and the
-- institution's root confirms; or the root links it directly. services/placement/access.ts reads it, nothing else.
ALTER TABLE "organizations" ADD COLUMN "institution_id" bigint REFERENCES "institutions"("id") ON DELETE SET NULL;--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN "institution_linked_at" timestamp(3) with time zone;--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN "institution_link_requested_by" bigint REFERENCES "users"("id") ON DELETE SET NULL;--> statement-breakpoint
ALTER TABLE "organizations" ADD CONSTRAINT "organizations_link_needs_institution"
  CHECK ("institution_linked_at" IS NULL OR "institution_id" IS NOT NULL);--> statement-breakpoint
CREATE INDEX "organizations_institution_idx" ON "organizations" ("institution_id");--> statement-breakpoint

-- The institution's own programmes and branches; `aliases` are the other spellings ("CSE", "CS") that map to it.
CREATE TABLE "institution_branches" (
  "id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
  "institution_id" bigint NOT NULL REFERENCES "institutions"("id") ON DELETE CASCADE,
  "degree" text NOT NULL,
  "name" text NOT NULL,
  "aliases" text[] NOT NULL DEFAULT '{}',
  "created_at" timestamp(3) with time zone NOT NULL DEFAULT now(),
  "updated_at" timestamp(3) with time zone NOT NULL DEFAULT now()
);--> statement-breakpoint
CREATE UNIQUE INDEX "institution_branches_degree_name_key"
  ON "institution_branches" ("institution_id", lower("degree"), lower("name"));--> statement-breakpoint

CREATE TABLE "placement_cycles" (
  "id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
  "institution_id" bigint NOT NULL REFERENCES "institutions"("id") ON DELETE CASCADE,
  "name" text NOT NULL,
  "kind" text NOT NULL,
  "starts_on" date NOT NULL,
  "ends_on" date NOT NULL,
  "status" text NOT NULL DEFAULT 'active',
  "join_token" text NOT NULL,
  "policy" jsonb NOT NULL DEFAULT '[]'::jsonb,
  "created_by" bigint REFERENCES "users"("id") ON DELETE SET NULL,
  "created_at" timestamp(3) with time zone NOT NULL DEFAULT now(),
  "updated_at" timestamp(3) with time zone NOT NULL DEFAULT now(),
  CONSTRAINT "placement_cycles_kind_known" CHECK ("kind" IN ('jobs', 'internships')),
  CONSTRAINT "placement_cycles_status_known" CHECK ("status" IN ('draft', 'active', 'closed')),
  CONSTRAINT "placement_cycles_dates_order" CHECK ("starts_on" <= "ends_on")
);--> statement-breakpoint
CREATE INDEX "placement_cycles_institution_idx" ON "placement_cycles" ("institution_id", "created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "placement_cycles_join_token_key" ON "placement_cycles" ("join_token");--> statement-breakpoint

-- A cycle opening: set when an organization attaches an opening to a cycle. Such an opening reaches only the cycle's
-- enrolled students, and only once the cell approved it (cycle_openings.status); null keeps today's behaviour.
ALTER TABLE "openings" ADD COLUMN "cycle_id" uuid REFERENCES "placement_cycles"("id") ON DELETE SET NULL;--> statement-breakpoint
CREATE INDEX "openings_cycle_idx" ON "openings" ("cycle_id");--> statement-breakpoint

-- A student in a cycle. `email` is always set (lowercase): a row with user_id null is a pending enrolment for
-- someone without an account, claimed at their first sign-in (services/placement/enrolment.ts). The record values
-- are the cell's: with records_locked the student cannot change them, only ask for a correction.
CREATE TABLE "cycle_enrolments" (
  "id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
  "cycle_id" uuid NOT NULL REFERENCES "placement_cycles"("id") ON DELETE CASCADE,
  "user_id" bigint REFERENCES "users"("id") ON DELETE CASCADE,
  "email" text NOT NULL,
  "status" text NOT NULL DEFAULT 'available',
  "debarred_reason" text,
  "roll_number" text,
  "branch_id" uuid REFERENCES "institution_branches"("id") ON DELETE SET NULL,
  "branch_text" text,
  "degree" text,
  "cgpa" numeric(4, 2),
  "backlogs" integer,
  "graduation_year" integer,
  "records_locked" boolean NOT NULL DEFAULT false,
  "source" text NOT NULL,
  "absences" integer NOT NULL DEFAULT 0,
  "enrolled_at" timestamp(3) with time zone NOT NULL DEFAULT now(),
  "updated_at" timestamp(3) with time zone NOT NULL DEFAULT now(),
  CONSTRAINT "cycle_enrolments_status_known" CHECK ("status" IN ('available', 'placed', 'opted_out', 'debarred')),
  CONSTRAINT "cycle_enrolments_source_known" CHECK ("source" IN ('link', 'group', 'csv', 'import')),
  CONSTRAINT "cycle_enrolments_email_lowercase" CHECK ("email" = lower("email")),
  CONSTRAINT "cycle_enrolments_debar_has_reason" CHECK ("status" <> 'debarred' OR "debarred_reason" IS NOT NULL),
  CONSTRAINT "cycle_enrolments_cgpa_range" CHECK ("cgpa" IS NULL OR ("cgpa" >= 0 AND "cgpa" <= 10)),
  CONSTRAINT "cycle_enrolments_backlogs_range" CHECK ("backlogs" IS NULL OR "backlogs" >= 0),
  CONSTRAINT "cycle_enrolments_absences_range" CHECK ("absences" >= 0)
);--> statement-breakpoint
CREATE UNIQUE INDEX "cycle_enrolments_cycle_user_key" ON "cycle_enrolments" ("cycle_id", "user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "cycle_enrolments_cycle_email_key" ON "cycle_enrolments" ("cycle_id", lower("email"));--> statement-breakpoint
CREATE INDEX "cycle_enrolments_user_idx" ON "cycle_enrolments" ("user_id");--> statement-breakpoint
CREATE INDEX "cycle_enrolments_branch_idx" ON "cycle_enrolments" ("branch_id");--> statement-breakpoint
CREATE INDEX "cycle_enrolments_unclaimed_email_idx" ON "cycle_enrolments" ("email") WHERE "user_id" IS NULL;--> statement-breakpoint

-- A student's request to correct a locked value; the cell approves (the value is written) or rejects it.
CREATE TABLE "cycle_record_corrections" (
  "id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
  "cycle_id" uuid NOT NULL REFERENCES "placement_cycles"("id") ON DELETE CASCADE,
  "enrolment_id" uuid NOT NULL REFERENCES "cycle_enrolments"("id") ON DELETE CASCADE,
  "field" text NOT NULL,
  "requested_value" text NOT NULL,
  "reason" text NOT NULL,
  "status" text NOT NULL DEFAULT 'pending',
  "decision_note" text,
  "decided_by" bigint REFERENCES "users"("id") ON DELETE SET NULL,
  "decided_at" timestamp(3) with time zone,
  "created_at" timestamp(3) with time zone NOT NULL DEFAULT now(),
  CONSTRAINT "cycle_record_corrections_field_known"
    CHECK ("field" IN ('rollNumber', 'branch', 'degree', 'cgpa', 'backlogs', 'graduationYear')),
  CONSTRAINT "cycle_record_corrections_status_known" CHECK ("status" IN ('pending', 'approved', 'rejected'))
);--> statement-breakpoint
CREATE INDEX "cycle_record_corrections_cycle_idx" ON "cycle_record_corrections" ("cycle_id", "status", "created_at");--> statement-breakpoint
CREATE INDEX "cycle_record_corrections_enrolment_idx" ON "cycle_record_corrections" ("enrolment_id");--> statement-breakpoint
CREATE UNIQUE INDEX "cycle_record_corrections_one_pending" ON "cycle_record_corrections" ("enrolment_id", "field")
  WHERE "status" = 'pending';--> statement-breakpoint

-- The cell limits a coordinator of its team to some companies of a cycle (no rows: all of them).
CREATE TABLE "cycle_coordinator_companies" (
  "cycle_id" uuid NOT NULL REFERENCES "placement_cycles"("id") ON DELETE CASCADE,
  "member_id" uuid NOT NULL REFERENCES "organization_members"("id") ON DELETE CASCADE,
  "organization_id" bigint NOT NULL REFERENCES "organizations"("id") ON DELETE CASCADE,
  CONSTRAINT "cycle_coordinator_companies_pkey" PRIMARY KEY ("cycle_id", "member_id", "organization_id")
);--> statement-breakpoint
CREATE INDEX "cycle_coordinator_companies_member_idx" ON "cycle_coordinator_companies" ("member_id");--> statement-breakpoint
CREATE INDEX "cycle_coordinator_companies_organization_idx" ON "cycle_coordinator_companies" ("organization_id");--> statement-breakpoint

-- A company's registration for a cycle: requested by the company or invited by the cell, then decided by the cell.
CREATE TABLE "cycle_companies" (
  "id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
  "cycle_id" uuid NOT NULL REFERENCES "placement_cycles"("id") ON DELETE CASCADE,
  "organization_id" bigint NOT NULL REFERENCES "organizations"("id") ON DELETE CASCADE,
  "status" text NOT NULL,
  "note" text,
  "requested_by" bigint REFERENCES "users"("id") ON DELETE SET NULL,
  "decided_by" bigint REFERENCES "users"("id") ON DELETE SET NULL,
  "decided_at" timestamp(3) with time zone,
  "created_at" timestamp(3) with time zone NOT NULL DEFAULT now(),
  "updated_at" timestamp(3) with time zone NOT NULL DEFAULT now(),
  CONSTRAINT "cycle_companies_status_known" CHECK ("status" IN ('requested', 'invited', 'approved', 'rejected'))
);--> statement-breakpoint
CREATE UNIQUE INDEX "cycle_companies_cycle_organization_key" ON "cycle_companies" ("cycle_id", "organization_id");--> statement-breakpoint
CREATE INDEX "cycle_companies_organization_idx" ON "cycle_companies" ("organization_id");--> statement-breakpoint

-- An opening attached to a cycle and the cell's decision on it (openings.cycle_id says the same for the hot reads).
CREATE TABLE "cycle_openings" (
  "opening_id" uuid PRIMARY KEY NOT NULL REFERENCES "openings"("id") ON DELETE CASCADE,
  "cycle_id" uuid NOT NULL REFERENCES "placement_cycles"("id") ON DELETE CASCADE,
  "organization_id" bigint NOT NULL REFERENCES "organizations"("id") ON DELETE CASCADE,
  "status" text NOT NULL DEFAULT 'pending',
  "comment" text,
  "ctc_amount" numeric(14, 2) NOT NULL,
  "ctc_currency" text NOT NULL,
  "ctc_period" text NOT NULL,
  "submitted_by" bigint REFERENCES "users"("id") ON DELETE SET NULL,
  "decided_by" bigint REFERENCES "users"("id") ON DELETE SET NULL,
  "decided_at" timestamp(3) with time zone,
  "created_at" timestamp(3) with time zone NOT NULL DEFAULT now(),
  "updated_at" timestamp(3) with time zone NOT NULL DEFAULT now(),
  CONSTRAINT "cycle_openings_status_known" CHECK ("status" IN ('pending', 'approved', 'sent_back')),
  CONSTRAINT "cycle_openings_ctc_period_known" CHECK ("ctc_period" IN ('year', 'month', 'total')),
  CONSTRAINT "cycle_openings_ctc_positive" CHECK ("ctc_amount" >= 0),
  CONSTRAINT "cycle_openings_currency_code" CHECK ("ctc_currency" ~ '^[A-Z]{3}$')
);--> statement-breakpoint
CREATE INDEX "cycle_openings_cycle_idx" ON "cycle_openings" ("cycle_id", "status", "created_at");--> statement-breakpoint
CREATE INDEX "cycle_openings_organization_idx" ON "cycle_openings" ("organization_id");--> statement-breakpoint

-- One student's exception to one rule of the cycle's policy (for one opening, or all when opening_id is null).
CREATE TABLE "cycle_policy_exceptions" (
  "id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
  "cycle_id" uuid NOT NULL REFERENCES "placement_cycles"("id") ON DELETE CASCADE,
  "enrolment_id" uuid NOT NULL REFERENCES "cycle_enrolments"("id") ON DELETE CASCADE,
  "rule_kind" text NOT NULL,
  "opening_id" uuid REFERENCES "openings"("id") ON DELETE CASCADE,
  "reason" text NOT NULL,
  "granted_by" bigint REFERENCES "users"("id") ON DELETE SET NULL,
  "created_at" timestamp(3) with time zone NOT NULL DEFAULT now()
);--> statement-breakpoint
CREATE INDEX "cycle_policy_exceptions_cycle_idx" ON "cycle_policy_exceptions" ("cycle_id", "created_at");--> statement-breakpoint
CREATE INDEX "cycle_policy_exceptions_enrolment_idx" ON "cycle_policy_exceptions" ("enrolment_id", "rule_kind");--> statement-breakpoint
CREATE INDEX "cycle_policy_exceptions_opening_idx" ON "cycle_policy_exceptions" ("opening_id");--> statement-breakpoint

-- An offer made on an application (one per application). Inside a cycle, cycle_id is set.
CREATE TABLE "offers" (
  "id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
  "application_id" uuid NOT NULL REFERENCES "applications"("id") ON DELETE CASCADE,
  "opening_id" uuid NOT NULL REFERENCES "openings"("id") ON DELETE CASCADE,
  "organization_id" bigint NOT NULL REFERENCES "organizations"("id") ON DELETE CASCADE,
  "individual_id" bigint NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
  "cycle_id" uuid REFERENCES "placement_cycles"("id") ON DELETE SET NULL,
  "role" text NOT NULL,
  "ctc_amount" numeric(14, 2) NOT NULL,
  "ctc_currency" text NOT NULL,
  "ctc_period" text NOT NULL,
  "location" text,
  "joining_date" date,
  "letter_file_id" uuid REFERENCES "files"("id") ON DELETE SET NULL,
  "respond_by" timestamp(3) with time zone NOT NULL,
  "status" text NOT NULL DEFAULT 'pending',
  "status_reason" text,
  "created_by" bigint REFERENCES "users"("id") ON DELETE SET NULL,
  "decided_at" timestamp(3) with time zone,
  "created_at" timestamp(3) with time zone NOT NULL DEFAULT now(),
  "updated_at" timestamp(3) with time zone NOT NULL DEFAULT now(),
  CONSTRAINT "offers_status_known"
    CHECK ("status" IN ('pending', 'accepted', 'declined', 'lapsed', 'withdrawn', 'reneged', 'rescinded')),
  CONSTRAINT "offers_ctc_period_known" CHECK ("ctc_period" IN ('year', 'month', 'total')),
  CONSTRAINT "offers_ctc_positive" CHECK ("ctc_amount" >= 0),
  CONSTRAINT "offers_currency_code" CHECK ("ctc_currency" ~ '^[A-Z]{3}$')
);--> statement-breakpoint
CREATE UNIQUE INDEX "offers_application_key" ON "offers" ("application_id");--> statement-breakpoint
CREATE INDEX "offers_opening_idx" ON "offers" ("opening_id");--> statement-breakpoint
CREATE INDEX "offers_organization_idx" ON "offers" ("organization_id", "created_at");--> statement-breakpoint
CREATE INDEX "offers_individual_idx" ON "offers" ("individual_id", "status");--> statement-breakpoint
CREATE INDEX "offers_cycle_idx" ON "offers" ("cycle_id", "status");--> statement-breakpoint
CREATE INDEX "offers_letter_file_idx" ON "offers" ("letter_file_id");--> statement-breakpoint

-- An accepted offer writes a placement entry marked verified by the organization that made it.
ALTER TABLE "placement_entries" ADD COLUMN "offer_id" uuid REFERENCES "offers"("id") ON DELETE SET NULL;--> statement-breakpoint
ALTER TABLE "placement_entries" ADD COLUMN "verified_by_organization_id" bigint REFERENCES "organizations"("id") ON DELETE SET NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "placement_entries_offer_key" ON "placement_entries" ("offer_id");--> statement-breakpoint
CREATE INDEX "placement_entries_verified_by_idx" ON "placement_entries" ("verified_by_organization_id");--> statement-breakpoint

-- Notices to a cycle's students (audience: all, or filtered, or one opening stage's candidates) and who read them.
CREATE TABLE "cycle_notices" (
  "id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
  "cycle_id" uuid NOT NULL REFERENCES "placement_cycles"("id") ON DELETE CASCADE,
  "title" text NOT NULL,
  "body" text NOT NULL,
  "audience" jsonb NOT NULL DEFAULT '{"kind":"all"}'::jsonb,
  "attachment_file_ids" uuid[] NOT NULL DEFAULT '{}',
  "requires_ack" boolean NOT NULL DEFAULT false,
  "created_by" bigint REFERENCES "users"("id") ON DELETE SET NULL,
  "created_at" timestamp(3) with time zone NOT NULL DEFAULT now()
);--> statement-breakpoint
CREATE INDEX "cycle_notices_cycle_idx" ON "cycle_notices" ("cycle_id", "created_at");--> statement-breakpoint

CREATE TABLE "cycle_notice_receipts" (
  "notice_id" uuid NOT NULL REFERENCES "cycle_notices"("id") ON DELETE CASCADE,
  "user_id" bigint NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
  "read_at" timestamp(3) with time zone,
  "acknowledged_at" timestamp(3) with time zone,
  CONSTRAINT "cycle_notice_receipts_pkey" PRIMARY KEY ("notice_id", "user_id")
);--> statement-breakpoint
CREATE INDEX "cycle_notice_receipts_user_idx" ON "cycle_notice_receipts" ("user_id");
