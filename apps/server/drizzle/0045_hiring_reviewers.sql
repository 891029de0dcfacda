-- Issue #40 (hiring loop, server side).
--
-- 1. The responses table's grade and graduation-year sort keys read the facts the table shows: the verified
--    education's values (record_verifications.facts, migration 0037) when the applicant has one, else the typed
--    auto-fill data. `applicant_facts` is that rule in SQL — the same as `applicantFactsSql` /
--    `verifiedEducationFactsSql` in services/verification.ts (keep them in step). The key writers of 0028 take it,
--    and a decision, a void, a group's approval or deletion, or a change of which education is the main one rewrites
--    the person's keys (the 0028 triggers on auto_fill_data stay: typed facts still count without a verified record).
CREATE FUNCTION "applicant_facts"(uid bigint) RETURNS jsonb LANGUAGE sql STABLE AS $$
  SELECT coalesce(
    CASE WHEN EXISTS (SELECT 1 FROM "record_verifications" lrv WHERE lrv."subject_user_id" = uid AND lrv."voided_at" IS NULL)
    THEN (SELECT v."facts" FROM (
        SELECT DISTINCT ON (rv."verification_group_id") rv."facts", rv."decision", rv."decided_at"
        FROM "record_verifications" rv
        JOIN "verification_groups" vg ON vg."id" = rv."verification_group_id"
          AND vg."deleted_at" IS NULL AND vg."approval_state" = 'approved'
        WHERE rv."subject_user_id" = uid AND rv."record_kind" = 'education' AND rv."voided_at" IS NULL
          AND rv."record_id" = (SELECT e."id" FROM "education_entries" e WHERE e."user_id" = uid
            ORDER BY e."is_current" DESC, e."end_month" DESC NULLS LAST, e."created_at" DESC LIMIT 1)
        ORDER BY rv."verification_group_id", rv."decided_at" DESC, rv."id" DESC
      ) v WHERE v."decision" = 'verified' ORDER BY v."decided_at" DESC LIMIT 1)
    END,
    (SELECT f."data" FROM "auto_fill_data" f WHERE f."user_id" = uid))
$$;--> statement-breakpoint

CREATE OR REPLACE FUNCTION "application_sort_keys_write"(application_ids uuid[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "application_sort_keys" ("application_id", "opening_id", "name_key", "grade_share", "graduation_year")
  SELECT a."id", a."opening_id", nullif(left(lower(btrim(coalesce(p."name", u."name"))), 120), ''),
    CASE WHEN "profile_fact"(f."facts", 'grade') IS NOT NULL THEN "profile_grade_share"(f."facts") END,
    "profile_fact"(f."facts", 'graduationYear')
  FROM "applications" a
  JOIN "users" u ON u."id" = a."applicant_id"
  LEFT JOIN "individual_profiles" p ON p."user_id" = a."applicant_id"
  CROSS JOIN LATERAL (SELECT "applicant_facts"(a."applicant_id") AS "facts") f
  WHERE a."id" = ANY(application_ids)
  ON CONFLICT ("application_id") DO UPDATE SET "opening_id" = excluded."opening_id",
    "name_key" = excluded."name_key", "grade_share" = excluded."grade_share",
    "graduation_year" = excluded."graduation_year";
END $$;--> statement-breakpoint

CREATE OR REPLACE FUNCTION "applications_sort_keys_written"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "application_sort_keys" ("application_id", "opening_id", "name_key", "grade_share", "graduation_year")
  SELECT NEW."id", NEW."opening_id", nullif(left(lower(btrim(coalesce(p."name", u."name"))), 120), ''),
    CASE WHEN "profile_fact"(f."facts", 'grade') IS NOT NULL THEN "profile_grade_share"(f."facts") END,
    "profile_fact"(f."facts", 'graduationYear')
  FROM "users" u
  LEFT JOIN "individual_profiles" p ON p."user_id" = u."id"
  CROSS JOIN LATERAL (SELECT "applicant_facts"(u."id") AS "facts") f
  WHERE u."id" = NEW."applicant_id"
  ON CONFLICT ("application_id") DO UPDATE SET "opening_id" = excluded."opening_id",
    "name_key" = excluded."name_key", "grade_share" = excluded."grade_share",
    "graduation_year" = excluded."graduation_year";
  RETURN NULL;
END $$;--> statement-breakpoint

-- Decisions on education records (a new one, a void, a change of decision).
CREATE FUNCTION "record_verifications_sort_keys_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    PERFORM "application_sort_keys_write_applicants"(array(
      SELECT DISTINCT "subject_user_id" FROM old_rows WHERE "record_kind" = 'education'));
  ELSE
    PERFORM "application_sort_keys_write_applicants"(array(
      SELECT DISTINCT "subject_user_id" FROM new_rows WHERE "record_kind" = 'education'));
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "record_verifications_sort_keys_insert" AFTER INSERT ON "record_verifications"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "record_verifications_sort_keys_changed"();--> statement-breakpoint
CREATE TRIGGER "record_verifications_sort_keys_update" AFTER UPDATE ON "record_verifications"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "record_verifications_sort_keys_changed"();--> statement-breakpoint
CREATE TRIGGER "record_verifications_sort_keys_delete" AFTER DELETE ON "record_verifications"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "record_verifications_sort_keys_changed"();--> statement-breakpoint

-- A verification group approved, refused or deleted: the people it vouched for.
CREATE FUNCTION "verification_groups_sort_keys_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "application_sort_keys_write_applicants"(array(
    SELECT DISTINCT rv."subject_user_id" FROM new_rows n JOIN old_rows o ON o."id" = n."id"
    JOIN "record_verifications" rv ON rv."verification_group_id" = n."id" AND rv."record_kind" = 'education'
    WHERE n."approval_state" IS DISTINCT FROM o."approval_state" OR n."deleted_at" IS DISTINCT FROM o."deleted_at"));
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "verification_groups_sort_keys_update" AFTER UPDATE ON "verification_groups"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "verification_groups_sort_keys_changed"();--> statement-breakpoint

-- Which education is the main one can change (a new entry, one removed, its dates or "current" changed): only for
-- people with a live decision does it change the facts (edits also void the entry's decisions, handled above).
CREATE FUNCTION "education_entries_sort_keys_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    PERFORM "application_sort_keys_write_applicants"(array(SELECT DISTINCT o."user_id" FROM old_rows o
      WHERE EXISTS (SELECT 1 FROM "record_verifications" rv WHERE rv."subject_user_id" = o."user_id" AND rv."voided_at" IS NULL)));
  ELSE
    PERFORM "application_sort_keys_write_applicants"(array(SELECT DISTINCT n."user_id" FROM new_rows n
      WHERE EXISTS (SELECT 1 FROM "record_verifications" rv WHERE rv."subject_user_id" = n."user_id" AND rv."voided_at" IS NULL)));
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "education_entries_sort_keys_insert" AFTER INSERT ON "education_entries"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "education_entries_sort_keys_changed"();--> statement-breakpoint
CREATE TRIGGER "education_entries_sort_keys_update" AFTER UPDATE ON "education_entries"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "education_entries_sort_keys_changed"();--> statement-breakpoint
CREATE TRIGGER "education_entries_sort_keys_delete" AFTER DELETE ON "education_entries"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "education_entries_sort_keys_changed"();--> statement-breakpoint

-- Applications of people with a live decision get their keys again.
SELECT "application_sort_keys_write_applicants"(array(
  SELECT DISTINCT "subject_user_id" FROM "record_verifications" WHERE "voided_at" IS NULL AND "record_kind" = 'education'));
--> statement-breakpoint

-- 2. Share-link reviewers who are who they say: a link may require visitors to confirm an email address with a
--    one-time code (mailed through the notification outbox) before giving verdicts, which then carry the address.
ALTER TABLE "share_links" ADD COLUMN "require_email" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "shortlist_verdicts" ADD COLUMN "visitor_email" text;--> statement-breakpoint
CREATE TABLE "share_link_reviewers" (
  "id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
  "link_id" uuid NOT NULL REFERENCES "share_links"("id") ON DELETE CASCADE,
  "email" text NOT NULL,
  "code_hash" text NOT NULL,
  "code_expires_at" timestamp (3) with time zone NOT NULL,
  "attempts" integer DEFAULT 0 NOT NULL,
  "confirmed_at" timestamp (3) with time zone,
  "token_hash" text,
  "created_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
CREATE INDEX "share_link_reviewers_link_idx" ON "share_link_reviewers" ("link_id", "created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "share_link_reviewers_token_key" ON "share_link_reviewers" ("token_hash");
