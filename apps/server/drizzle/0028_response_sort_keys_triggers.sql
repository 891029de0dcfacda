-- The responses table's sort keys (docs/ARCHITECTURE.md, "Sorting the responses"): application_sort_keys holds, per
-- application, the applicant facts the table sorts by, so each order is an index range of one opening. Triggers keep
-- the rows whoever writes:
--
--   applications          insert; update of applicant_id or opening_id: that row (row-level: on the submit path a
--                         cached PL/pgSQL plan costs a few percent of a submit, a statement-level trigger half of it)
--   users                 update of name: the person's rows (the name falls back to it without a profile name)
--   individual_profiles   insert, delete, update of name: the person's rows
--   auto_fill_data        insert, delete, update of grade, gradeScale or graduationYear: the person's rows
--
-- Deleting an application deletes its row (foreign key, on delete cascade).

-- Byte-wise comparison of the name key on PostgreSQL and PGlite alike (their default collations differ).
ALTER TABLE "application_sort_keys" ALTER COLUMN "name_key" TYPE text COLLATE "C";--> statement-breakpoint

-- A profile fact as a number: stored numbers directly, numeric text through the pattern check. The ranking statement
-- (services/shortlisting/ranking-sql.ts) reads facts through this function and the next: one definition of each.
-- Simple IMMUTABLE SQL functions, so the planner inlines them where they are called.
CREATE FUNCTION "profile_fact"(facts jsonb, key text) RETURNS float8 LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT CASE jsonb_typeof(facts -> key)
    WHEN 'number' THEN (facts ->> key)::float8
    WHEN 'string' THEN CASE WHEN (facts ->> key) ~ '^\s*-?[0-9]+(\.[0-9]+)?\s*$' THEN trim(facts ->> key)::float8 END
  END
$$;--> statement-breakpoint

-- The grade as a share of its scale (CGPA_10 /10, CGPA_4 /4, PERCENTAGE /100; without a scale, up to 10 is read as a
-- CGPA of 10, else as a percentage), within 0–1; 0 without a grade (greatest() skips the null), which the ranking
-- counts as such. Changing it means rewriting application_sort_keys.grade_share.
CREATE FUNCTION "profile_grade_share"(facts jsonb) RETURNS float8 LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT least(greatest("profile_fact"(facts, 'grade') / coalesce(
    (CASE facts ->> 'gradeScale' WHEN 'CGPA_10' THEN 10 WHEN 'CGPA_4' THEN 4 WHEN 'PERCENTAGE' THEN 100 END)::float8,
    CASE WHEN "profile_fact"(facts, 'grade') <= 10 THEN 10 ELSE 100 END), 0), 1)
$$;--> statement-breakpoint

-- The keys of an application, from its applicant: the name key (120 characters at most — a profile name's limit; an
-- account name from the identity provider has none — so a cursor carrying it stays short), the grade share (null
-- without a grade) and the graduation year. The same three expressions are in this function, the row trigger's and
-- the backfill at the end: keep them in step.
--
-- Writes (or rewrites) the sort keys of the given applications from their applicants' current facts. PL/pgSQL, so
-- its statement's plan is cached per connection (a LANGUAGE sql function is planned on every call).
CREATE FUNCTION "application_sort_keys_write"(application_ids uuid[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "application_sort_keys" ("application_id", "opening_id", "name_key", "grade_share", "graduation_year")
  SELECT a."id", a."opening_id", nullif(left(lower(btrim(coalesce(p."name", u."name"))), 120), ''),
    CASE WHEN "profile_fact"(f."data", 'grade') IS NOT NULL THEN "profile_grade_share"(f."data") END,
    "profile_fact"(f."data", 'graduationYear')
  FROM "applications" a
  JOIN "users" u ON u."id" = a."applicant_id"
  LEFT JOIN "individual_profiles" p ON p."user_id" = a."applicant_id"
  LEFT JOIN "auto_fill_data" f ON f."user_id" = a."applicant_id"
  WHERE a."id" = ANY(application_ids)
  ON CONFLICT ("application_id") DO UPDATE SET "opening_id" = excluded."opening_id",
    "name_key" = excluded."name_key", "grade_share" = excluded."grade_share",
    "graduation_year" = excluded."graduation_year";
END $$;--> statement-breakpoint

CREATE FUNCTION "application_sort_keys_write_applicants"(user_ids bigint[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "application_sort_keys_write"(array(
    SELECT a."id" FROM "applications" a WHERE a."applicant_id" = ANY(user_ids)));
END $$;--> statement-breakpoint

-- applications ------------------------------------------------------------------------------------------------------
-- One application's row from NEW: three primary-key reads and the insert, no transition table to query. ON CONFLICT:
-- a submit's auto-fill learning in the same statement may have written the row first (its trigger sees the new
-- application); a moved application rewrites its row.
CREATE FUNCTION "applications_sort_keys_written"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "application_sort_keys" ("application_id", "opening_id", "name_key", "grade_share", "graduation_year")
  SELECT NEW."id", NEW."opening_id", nullif(left(lower(btrim(coalesce(p."name", u."name"))), 120), ''),
    CASE WHEN "profile_fact"(f."data", 'grade') IS NOT NULL THEN "profile_grade_share"(f."data") END,
    "profile_fact"(f."data", 'graduationYear')
  FROM "users" u
  LEFT JOIN "individual_profiles" p ON p."user_id" = u."id"
  LEFT JOIN "auto_fill_data" f ON f."user_id" = u."id"
  WHERE u."id" = NEW."applicant_id"
  ON CONFLICT ("application_id") DO UPDATE SET "opening_id" = excluded."opening_id",
    "name_key" = excluded."name_key", "grade_share" = excluded."grade_share",
    "graduation_year" = excluded."graduation_year";
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "applications_sort_keys_insert" AFTER INSERT ON "applications"
  FOR EACH ROW EXECUTE FUNCTION "applications_sort_keys_written"();--> statement-breakpoint
-- With a column list: a stage move or an edit (the usual updates) never calls it.
CREATE TRIGGER "applications_sort_keys_update" AFTER UPDATE OF "applicant_id", "opening_id" ON "applications"
  FOR EACH ROW WHEN (OLD."applicant_id" IS DISTINCT FROM NEW."applicant_id" OR OLD."opening_id" IS DISTINCT FROM NEW."opening_id")
  EXECUTE FUNCTION "applications_sort_keys_written"();--> statement-breakpoint

-- A person's facts: one row-level function for updates (the WHEN clauses keep it to real changes), statement-level
-- ones for inserts and deletes (a bulk insert of profiles writes once).
CREATE FUNCTION "applicant_sort_keys_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- Two statements: PL/pgSQL resolves a field of NEW when it first runs the statement naming it.
  IF TG_TABLE_NAME = 'users' THEN
    PERFORM "application_sort_keys_write_applicants"(array[NEW."id"]);
  ELSE
    PERFORM "application_sort_keys_write_applicants"(array[NEW."user_id"]);
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION "applicant_sort_keys_inserted"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "application_sort_keys_write_applicants"(array(SELECT "user_id" FROM new_rows));
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION "applicant_sort_keys_deleted"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "application_sort_keys_write_applicants"(array(SELECT "user_id" FROM old_rows));
  RETURN NULL;
END $$;--> statement-breakpoint

CREATE TRIGGER "users_sort_keys_update" AFTER UPDATE OF "name" ON "users"
  FOR EACH ROW WHEN (OLD."name" IS DISTINCT FROM NEW."name")
  EXECUTE FUNCTION "applicant_sort_keys_changed"();--> statement-breakpoint

CREATE TRIGGER "individual_profiles_sort_keys_insert" AFTER INSERT ON "individual_profiles"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "applicant_sort_keys_inserted"();--> statement-breakpoint
CREATE TRIGGER "individual_profiles_sort_keys_delete" AFTER DELETE ON "individual_profiles"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "applicant_sort_keys_deleted"();--> statement-breakpoint
CREATE TRIGGER "individual_profiles_sort_keys_update" AFTER UPDATE OF "name" ON "individual_profiles"
  FOR EACH ROW WHEN (OLD."name" IS DISTINCT FROM NEW."name")
  EXECUTE FUNCTION "applicant_sort_keys_changed"();--> statement-breakpoint

-- auto_fill_data: only the facts the keys read (keep in step with application_sort_keys_write). Submitting an
-- application updates the applicant's row (what the answers teach): the WHEN clause skips it unless these change.
-- Row-level with WHEN, as for updates: a submit's learning often creates the row, seldom with these facts.
CREATE TRIGGER "auto_fill_data_sort_keys_insert" AFTER INSERT ON "auto_fill_data"
  FOR EACH ROW WHEN (NEW."data" ?| array['grade', 'gradeScale', 'graduationYear'])
  EXECUTE FUNCTION "applicant_sort_keys_changed"();--> statement-breakpoint
CREATE TRIGGER "auto_fill_data_sort_keys_delete" AFTER DELETE ON "auto_fill_data"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "applicant_sort_keys_deleted"();--> statement-breakpoint
CREATE TRIGGER "auto_fill_data_sort_keys_update" AFTER UPDATE OF "data" ON "auto_fill_data"
  FOR EACH ROW WHEN (OLD."data" -> 'grade' IS DISTINCT FROM NEW."data" -> 'grade'
    OR OLD."data" -> 'gradeScale' IS DISTINCT FROM NEW."data" -> 'gradeScale'
    OR OLD."data" -> 'graduationYear' IS DISTINCT FROM NEW."data" -> 'graduationYear')
  EXECUTE FUNCTION "applicant_sort_keys_changed"();--> statement-breakpoint

-- Applications already received get their keys.
INSERT INTO "application_sort_keys" ("application_id", "opening_id", "name_key", "grade_share", "graduation_year")
SELECT a."id", a."opening_id", nullif(left(lower(btrim(coalesce(p."name", u."name"))), 120), ''),
  CASE WHEN "profile_fact"(f."data", 'grade') IS NOT NULL THEN "profile_grade_share"(f."data") END,
  "profile_fact"(f."data", 'graduationYear')
FROM "applications" a
JOIN "users" u ON u."id" = a."applicant_id"
LEFT JOIN "individual_profiles" p ON p."user_id" = a."applicant_id"
LEFT JOIN "auto_fill_data" f ON f."user_id" = a."applicant_id";
