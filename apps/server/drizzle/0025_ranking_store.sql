-- The stored ranking's input version (docs/ARCHITECTURE.md, "Stored ranking"): every change to something an
-- opening's ranking reads (services/shortlisting/ranking-sql.ts `rankingCtes`) bumps ranking_versions.version of that
-- opening, so a reader knows its stored rows are stale. Statement-level triggers with transition tables: a bulk
-- insert or update bumps each opening once, not once per row. Over-invalidating is allowed, missing a change is not.
--
--   applications          insert, delete; update of answers, submitted_at, applicant_id or opening_id (a stage move
--                         does not change a score: it only keeps opening_rankings.stage_id in step, see below)
--   candidate_ratings     any change
--   ranking_pins          any change
--   ranking_recipes       any change (a saved recipe re-ranks the opening)
--   auto_fill_data        a change of the facts the recipe reads (grade, gradeScale, graduationYear,
--                         currentBacklogs): every opening with a recipe the person applied to
--   record_verifications  any change: every opening with a recipe the subject applied to
--   verification_groups   approval_state or deleted_at changed: the openings with a recipe of every subject the
--                         group decided on (a deleted group's decisions cascade through record_verifications)

-- The advisory-lock key of an opening's stored ranking: a rebuild holds it exclusively, a stage move shared.
CREATE FUNCTION "ranking_lock_key"(opening uuid) RETURNS bigint LANGUAGE sql IMMUTABLE AS $$
  SELECT hashtextextended('opening_rankings:' || opening::text, 0)
$$;--> statement-breakpoint

-- Bumps the versions of the given openings, in id order (two transactions bumping the same openings queue, never
-- deadlock); openings already deleted (a cascade in progress) are skipped.
CREATE FUNCTION "ranking_bump"(opening_ids uuid[]) RETURNS void LANGUAGE sql AS $$
  INSERT INTO "ranking_versions" ("opening_id")
  SELECT o."id" FROM "openings" o WHERE o."id" = ANY(opening_ids) ORDER BY o."id"
  ON CONFLICT ("opening_id") DO UPDATE SET "version" = "ranking_versions"."version" + 1
$$;--> statement-breakpoint

-- The openings with a recipe that the given people applied to (for inputs about a person, not an application).
CREATE FUNCTION "ranking_bump_applicants"(user_ids bigint[]) RETURNS void LANGUAGE sql AS $$
  SELECT "ranking_bump"(array(
    SELECT DISTINCT a."opening_id" FROM "applications" a
    JOIN "ranking_recipes" r ON r."opening_id" = a."opening_id"
    WHERE a."applicant_id" = ANY(user_ids)))
$$;--> statement-breakpoint

-- applications ------------------------------------------------------------------------------------------------------
CREATE FUNCTION "applications_ranking_inserted"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "ranking_bump"(array(SELECT DISTINCT "opening_id" FROM new_rows));
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "applications_ranking_insert" AFTER INSERT ON "applications"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "applications_ranking_inserted"();--> statement-breakpoint

CREATE FUNCTION "applications_ranking_deleted"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "ranking_bump"(array(SELECT DISTINCT "opening_id" FROM old_rows));
  DELETE FROM "opening_rankings" WHERE "application_id" IN (SELECT "id" FROM old_rows);
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "applications_ranking_delete" AFTER DELETE ON "applications"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "applications_ranking_deleted"();--> statement-breakpoint

-- A stage move keeps the stored rows' stage_id in step (the stage filter reads it) without a rebuild. It holds the
-- opening's ranking lock shared while it does, so it never runs beside a rebuild: a rebuild that started first has
-- committed its rows before this UPDATE reads them (a volatile function's statement sees what committed before it),
-- and a rebuild that starts later waits for this transaction and then reads the moved stages itself.
CREATE FUNCTION "applications_ranking_updated"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "ranking_bump"(array(
    SELECT n."opening_id" FROM new_rows n JOIN old_rows o ON o."id" = n."id"
    WHERE n."answers" IS DISTINCT FROM o."answers" OR n."submitted_at" IS DISTINCT FROM o."submitted_at"
      OR n."applicant_id" IS DISTINCT FROM o."applicant_id" OR n."opening_id" IS DISTINCT FROM o."opening_id"
    UNION
    SELECT o."opening_id" FROM new_rows n JOIN old_rows o ON o."id" = n."id"
    WHERE n."opening_id" IS DISTINCT FROM o."opening_id"));
  IF EXISTS (SELECT 1 FROM new_rows n JOIN old_rows o ON o."id" = n."id" WHERE n."stage_id" IS DISTINCT FROM o."stage_id")
  THEN
    PERFORM pg_advisory_xact_lock_shared(k) FROM (
      SELECT DISTINCT "ranking_lock_key"(n."opening_id") AS k FROM new_rows n JOIN old_rows o ON o."id" = n."id"
      WHERE n."stage_id" IS DISTINCT FROM o."stage_id" ORDER BY 1) keys;
    UPDATE "opening_rankings" r SET "stage_id" = n."stage_id"
    FROM new_rows n JOIN old_rows o ON o."id" = n."id"
    WHERE r."application_id" = n."id" AND n."stage_id" IS DISTINCT FROM o."stage_id";
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "applications_ranking_update" AFTER UPDATE ON "applications"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "applications_ranking_updated"();--> statement-breakpoint

-- candidate_ratings, ranking_pins, ranking_recipes: one function per transition table name -------------------------
CREATE FUNCTION "candidate_ratings_ranking_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    PERFORM "ranking_bump"(array(SELECT DISTINCT a."opening_id" FROM old_rows c
      JOIN "applications" a ON a."id" = c."application_id"));
  ELSE
    PERFORM "ranking_bump"(array(SELECT DISTINCT a."opening_id" FROM new_rows c
      JOIN "applications" a ON a."id" = c."application_id"));
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "candidate_ratings_ranking_insert" AFTER INSERT ON "candidate_ratings"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "candidate_ratings_ranking_changed"();--> statement-breakpoint
CREATE TRIGGER "candidate_ratings_ranking_update" AFTER UPDATE ON "candidate_ratings"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "candidate_ratings_ranking_changed"();--> statement-breakpoint
CREATE TRIGGER "candidate_ratings_ranking_delete" AFTER DELETE ON "candidate_ratings"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "candidate_ratings_ranking_changed"();--> statement-breakpoint

-- ranking_pins and ranking_recipes carry opening_id themselves.
CREATE FUNCTION "ranking_input_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    PERFORM "ranking_bump"(array(SELECT DISTINCT "opening_id" FROM old_rows));
  ELSE
    PERFORM "ranking_bump"(array(SELECT DISTINCT "opening_id" FROM new_rows));
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "ranking_pins_ranking_insert" AFTER INSERT ON "ranking_pins"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "ranking_input_changed"();--> statement-breakpoint
CREATE TRIGGER "ranking_pins_ranking_update" AFTER UPDATE ON "ranking_pins"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "ranking_input_changed"();--> statement-breakpoint
CREATE TRIGGER "ranking_pins_ranking_delete" AFTER DELETE ON "ranking_pins"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "ranking_input_changed"();--> statement-breakpoint
CREATE TRIGGER "ranking_recipes_ranking_insert" AFTER INSERT ON "ranking_recipes"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "ranking_input_changed"();--> statement-breakpoint
CREATE TRIGGER "ranking_recipes_ranking_update" AFTER UPDATE ON "ranking_recipes"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "ranking_input_changed"();--> statement-breakpoint
CREATE TRIGGER "ranking_recipes_ranking_delete" AFTER DELETE ON "ranking_recipes"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "ranking_input_changed"();--> statement-breakpoint

-- auto_fill_data: only the facts rankingCtes reads (keep this list in step with `fact()` and `gradeScaleMax` there).
CREATE FUNCTION "auto_fill_data_ranking_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM "ranking_bump_applicants"(array(SELECT "user_id" FROM new_rows
      WHERE "data" ?| array['grade', 'gradeScale', 'graduationYear', 'currentBacklogs']));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM "ranking_bump_applicants"(array(SELECT "user_id" FROM old_rows));
  ELSE
    PERFORM "ranking_bump_applicants"(array(
      SELECT n."user_id" FROM new_rows n JOIN old_rows o ON o."user_id" = n."user_id"
      WHERE n."data" -> 'grade' IS DISTINCT FROM o."data" -> 'grade'
        OR n."data" -> 'gradeScale' IS DISTINCT FROM o."data" -> 'gradeScale'
        OR n."data" -> 'graduationYear' IS DISTINCT FROM o."data" -> 'graduationYear'
        OR n."data" -> 'currentBacklogs' IS DISTINCT FROM o."data" -> 'currentBacklogs'));
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "auto_fill_data_ranking_insert" AFTER INSERT ON "auto_fill_data"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "auto_fill_data_ranking_changed"();--> statement-breakpoint
CREATE TRIGGER "auto_fill_data_ranking_update" AFTER UPDATE ON "auto_fill_data"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "auto_fill_data_ranking_changed"();--> statement-breakpoint
CREATE TRIGGER "auto_fill_data_ranking_delete" AFTER DELETE ON "auto_fill_data"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "auto_fill_data_ranking_changed"();--> statement-breakpoint

-- Verified records: any decision, void or removal of a subject's; a group's approval or deletion.
CREATE FUNCTION "record_verifications_ranking_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    PERFORM "ranking_bump_applicants"(array(SELECT DISTINCT "subject_user_id" FROM old_rows));
  ELSE
    PERFORM "ranking_bump_applicants"(array(SELECT DISTINCT "subject_user_id" FROM new_rows));
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "record_verifications_ranking_insert" AFTER INSERT ON "record_verifications"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "record_verifications_ranking_changed"();--> statement-breakpoint
CREATE TRIGGER "record_verifications_ranking_update" AFTER UPDATE ON "record_verifications"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "record_verifications_ranking_changed"();--> statement-breakpoint
CREATE TRIGGER "record_verifications_ranking_delete" AFTER DELETE ON "record_verifications"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "record_verifications_ranking_changed"();--> statement-breakpoint

CREATE FUNCTION "verification_groups_ranking_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "ranking_bump_applicants"(array(
    SELECT DISTINCT rv."subject_user_id" FROM new_rows n JOIN old_rows o ON o."id" = n."id"
    JOIN "record_verifications" rv ON rv."verification_group_id" = n."id"
    WHERE n."approval_state" IS DISTINCT FROM o."approval_state" OR n."deleted_at" IS DISTINCT FROM o."deleted_at"));
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "verification_groups_ranking_update" AFTER UPDATE ON "verification_groups"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "verification_groups_ranking_changed"();--> statement-breakpoint

-- Openings that already have applications start at version 1 with nothing built: their first read builds.
INSERT INTO "ranking_versions" ("opening_id") SELECT DISTINCT "opening_id" FROM "applications"
  ON CONFLICT DO NOTHING;
