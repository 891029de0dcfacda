-- Each opening's number of applications, kept by statement triggers, so the responses page shows its total without
-- counting the opening's rows on every request. A connection adds to its own shard (backend pid mod 64): concurrent
-- submits to one opening do not wait on one counter row. The total is the sum of the opening's shards.
CREATE TABLE "opening_application_counts" (
	"opening_id" uuid NOT NULL,
	"shard" integer NOT NULL,
	"applications" bigint NOT NULL,
	CONSTRAINT "opening_application_counts_opening_id_shard_pk" PRIMARY KEY("opening_id","shard")
);
--> statement-breakpoint
ALTER TABLE "opening_application_counts" ADD CONSTRAINT "opening_application_counts_opening_id_openings_id_fk" FOREIGN KEY ("opening_id") REFERENCES "public"."openings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE FUNCTION "count_inserted_applications"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "opening_application_counts" ("opening_id", "shard", "applications")
  SELECT "opening_id", pg_backend_pid() % 64, count(*) FROM "inserted_applications" GROUP BY "opening_id"
  ON CONFLICT ("opening_id", "shard")
  DO UPDATE SET "applications" = "opening_application_counts"."applications" + excluded."applications";
  RETURN NULL;
END $$;
--> statement-breakpoint
-- Deletes cascading from a deleted opening skip it: its counter rows go with it.
CREATE FUNCTION "count_deleted_applications"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "opening_application_counts" ("opening_id", "shard", "applications")
  SELECT d."opening_id", pg_backend_pid() % 64, -count(*) FROM "deleted_applications" d
  WHERE EXISTS (SELECT 1 FROM "openings" o WHERE o."id" = d."opening_id")
  GROUP BY d."opening_id"
  ON CONFLICT ("opening_id", "shard")
  DO UPDATE SET "applications" = "opening_application_counts"."applications" + excluded."applications";
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "applications_count_inserts" AFTER INSERT ON "applications"
  REFERENCING NEW TABLE AS "inserted_applications" FOR EACH STATEMENT EXECUTE FUNCTION "count_inserted_applications"();
--> statement-breakpoint
CREATE TRIGGER "applications_count_deletes" AFTER DELETE ON "applications"
  REFERENCING OLD TABLE AS "deleted_applications" FOR EACH STATEMENT EXECUTE FUNCTION "count_deleted_applications"();
--> statement-breakpoint
INSERT INTO "opening_application_counts" ("opening_id", "shard", "applications")
SELECT "opening_id", 0, count(*) FROM "applications" GROUP BY "opening_id";--> statement-breakpoint
-- The applicant's list pages by (updated_at, id): with the id in the index the keyset is an index range.
DROP INDEX "applications_applicant_idx";--> statement-breakpoint
CREATE INDEX "applications_applicant_idx" ON "applications" USING btree ("applicant_id","updated_at","id");
