CREATE TABLE "opening_stages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"opening_id" uuid NOT NULL,
	"name" text NOT NULL,
	"candidate_label" text NOT NULL,
	"kind" text NOT NULL,
	"position" integer NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "opening_stages_kind_known" CHECK ("opening_stages"."kind" IN ('applied', 'shortlisted', 'custom', 'offered', 'hired', 'rejected', 'withdrawn'))
);
--> statement-breakpoint
CREATE TABLE "stage_bulk_moves" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"opening_id" uuid NOT NULL,
	"actor_id" bigint,
	"undoes_id" uuid,
	"moved" integer NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"undone_at" timestamp (3) with time zone
);
--> statement-breakpoint
CREATE TABLE "stage_moves" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"application_id" uuid NOT NULL,
	"bulk_move_id" uuid NOT NULL,
	"from_stage_id" uuid,
	"to_stage_id" uuid,
	"from_stage_name" text,
	"to_stage_name" text NOT NULL,
	"actor_id" bigint,
	"reason" text,
	"at" timestamp (3) with time zone DEFAULT clock_timestamp() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "applications" ADD COLUMN "stage_id" uuid;--> statement-breakpoint
ALTER TABLE "openings" ADD COLUMN "rejections_released" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "opening_stages" ADD CONSTRAINT "opening_stages_opening_id_openings_id_fk" FOREIGN KEY ("opening_id") REFERENCES "public"."openings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stage_bulk_moves" ADD CONSTRAINT "stage_bulk_moves_opening_id_openings_id_fk" FOREIGN KEY ("opening_id") REFERENCES "public"."openings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stage_bulk_moves" ADD CONSTRAINT "stage_bulk_moves_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stage_moves" ADD CONSTRAINT "stage_moves_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stage_moves" ADD CONSTRAINT "stage_moves_bulk_move_id_stage_bulk_moves_id_fk" FOREIGN KEY ("bulk_move_id") REFERENCES "public"."stage_bulk_moves"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stage_moves" ADD CONSTRAINT "stage_moves_from_stage_id_opening_stages_id_fk" FOREIGN KEY ("from_stage_id") REFERENCES "public"."opening_stages"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stage_moves" ADD CONSTRAINT "stage_moves_to_stage_id_opening_stages_id_fk" FOREIGN KEY ("to_stage_id") REFERENCES "public"."opening_stages"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stage_moves" ADD CONSTRAINT "stage_moves_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "opening_stages_opening_id_key" ON "opening_stages" USING btree ("opening_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "opening_stages_opening_name_key" ON "opening_stages" USING btree ("opening_id",lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "opening_stages_opening_fixed_kind_key" ON "opening_stages" USING btree ("opening_id","kind") WHERE "opening_stages"."kind" <> 'custom';--> statement-breakpoint
CREATE INDEX "stage_bulk_moves_opening_idx" ON "stage_bulk_moves" USING btree ("opening_id","created_at");--> statement-breakpoint
CREATE INDEX "stage_moves_application_idx" ON "stage_moves" USING btree ("application_id","at");--> statement-breakpoint
CREATE INDEX "stage_moves_bulk_idx" ON "stage_moves" USING btree ("bulk_move_id");--> statement-breakpoint
-- Every opening gets the fixed stages when it is inserted, whoever inserts it (routes, seeds, bench).
CREATE FUNCTION "opening_default_stages"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "opening_stages" ("opening_id", "name", "candidate_label", "kind", "position")
  VALUES (NEW."id", 'Applied', 'Applied', 'applied', 0),
         (NEW."id", 'Shortlisted', 'Under review', 'shortlisted', 1),
         (NEW."id", 'Offered', 'Offered', 'offered', 2),
         (NEW."id", 'Hired', 'Hired', 'hired', 3),
         (NEW."id", 'Rejected', 'Not selected', 'rejected', 4),
         (NEW."id", 'Withdrawn', 'Withdrawn', 'withdrawn', 5);
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER "openings_default_stages" AFTER INSERT ON "openings"
  FOR EACH ROW EXECUTE FUNCTION "opening_default_stages"();--> statement-breakpoint
-- Existing openings get them too; positions leave room for the custom stages carried over below.
INSERT INTO "opening_stages" ("opening_id", "name", "candidate_label", "kind", "position")
SELECT o."id", d."name", d."label", d."kind", d."position"
FROM "openings" o CROSS JOIN (VALUES ('Applied', 'Applied', 'applied', 0), ('Shortlisted', 'Under review', 'shortlisted', 1),
  ('Offered', 'Offered', 'offered', 100000), ('Hired', 'Hired', 'hired', 100001),
  ('Rejected', 'Not selected', 'rejected', 100002), ('Withdrawn', 'Withdrawn', 'withdrawn', 100003))
  AS d("name", "label", "kind", "position");--> statement-breakpoint
-- The free-text stage applications had becomes a stage of its opening (nothing is lost): a name matching a fixed
-- stage maps to it, any other becomes a custom stage between Shortlisted and Offered.
INSERT INTO "opening_stages" ("opening_id", "name", "candidate_label", "kind", "position")
SELECT s."opening_id", s."name", 'Under review', 'custom', 1 + row_number() OVER (PARTITION BY s."opening_id" ORDER BY s."name")
FROM (
  SELECT DISTINCT ON (a."opening_id", lower(left(btrim(a."stage"), 60))) a."opening_id", left(btrim(a."stage"), 60) AS "name"
  FROM "applications" a
  WHERE btrim(coalesce(a."stage", '')) <> ''
    AND NOT EXISTS (SELECT 1 FROM "opening_stages" st WHERE st."opening_id" = a."opening_id"
      AND lower(st."name") = lower(left(btrim(a."stage"), 60)))
  ORDER BY a."opening_id", lower(left(btrim(a."stage"), 60)), left(btrim(a."stage"), 60)
) s;--> statement-breakpoint
UPDATE "opening_stages" st SET "position" = r."n"
FROM (SELECT "id", (row_number() OVER (PARTITION BY "opening_id" ORDER BY "position", "name") - 1)::int AS "n" FROM "opening_stages") r
WHERE r."id" = st."id";--> statement-breakpoint
UPDATE "applications" a SET "stage_id" = coalesce(
  (SELECT st."id" FROM "opening_stages" st WHERE st."opening_id" = a."opening_id"
     AND btrim(coalesce(a."stage", '')) <> '' AND lower(st."name") = lower(left(btrim(a."stage"), 60))),
  (SELECT st."id" FROM "opening_stages" st WHERE st."opening_id" = a."opening_id" AND st."kind" = 'applied'));--> statement-breakpoint
-- A new application starts in its opening's Applied stage, whoever inserts it.
CREATE FUNCTION "application_default_stage"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW."stage_id" IS NULL THEN
    SELECT "id" INTO NEW."stage_id" FROM "opening_stages" WHERE "opening_id" = NEW."opening_id" AND "kind" = 'applied';
  END IF;
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER "applications_default_stage" BEFORE INSERT ON "applications"
  FOR EACH ROW EXECUTE FUNCTION "application_default_stage"();--> statement-breakpoint
ALTER TABLE "applications" ADD CONSTRAINT "applications_stage_fk" FOREIGN KEY ("opening_id","stage_id") REFERENCES "public"."opening_stages"("opening_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "applications_opening_stage_idx" ON "applications" USING btree ("opening_id","stage_id","submitted_at","id");--> statement-breakpoint
ALTER TABLE "applications" DROP COLUMN "stage";--> statement-breakpoint
ALTER TABLE "applications" ADD CONSTRAINT "applications_stage_set" CHECK ("applications"."stage_id" IS NOT NULL);