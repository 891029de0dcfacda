CREATE TABLE "candidate_ratings" (
	"application_id" uuid NOT NULL,
	"criterion_id" uuid NOT NULL,
	"rater_id" bigint NOT NULL,
	"score" smallint NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "candidate_ratings_application_id_criterion_id_rater_id_pk" PRIMARY KEY("application_id","criterion_id","rater_id"),
	CONSTRAINT "candidate_ratings_score_range" CHECK ("candidate_ratings"."score" BETWEEN 1 AND 5)
);
--> statement-breakpoint
CREATE TABLE "ranking_pins" (
	"application_id" uuid PRIMARY KEY NOT NULL,
	"opening_id" uuid NOT NULL,
	"direction" text NOT NULL,
	"reason" text NOT NULL,
	"pinned_by" bigint,
	"pinned_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ranking_pins_direction_known" CHECK ("ranking_pins"."direction" IN ('top', 'bottom'))
);
--> statement-breakpoint
CREATE TABLE "ranking_recipes" (
	"opening_id" uuid PRIMARY KEY NOT NULL,
	"recipe" jsonb NOT NULL,
	"updated_by" bigint,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rating_criteria" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"opening_id" uuid NOT NULL,
	"name" text NOT NULL,
	"position" integer NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "organization_audit_events" DROP CONSTRAINT "organization_audit_events_kind_known";--> statement-breakpoint
ALTER TABLE "candidate_ratings" ADD CONSTRAINT "candidate_ratings_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "candidate_ratings" ADD CONSTRAINT "candidate_ratings_criterion_id_rating_criteria_id_fk" FOREIGN KEY ("criterion_id") REFERENCES "public"."rating_criteria"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "candidate_ratings" ADD CONSTRAINT "candidate_ratings_rater_id_users_id_fk" FOREIGN KEY ("rater_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ranking_pins" ADD CONSTRAINT "ranking_pins_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ranking_pins" ADD CONSTRAINT "ranking_pins_opening_id_openings_id_fk" FOREIGN KEY ("opening_id") REFERENCES "public"."openings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ranking_pins" ADD CONSTRAINT "ranking_pins_pinned_by_users_id_fk" FOREIGN KEY ("pinned_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ranking_recipes" ADD CONSTRAINT "ranking_recipes_opening_id_openings_id_fk" FOREIGN KEY ("opening_id") REFERENCES "public"."openings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ranking_recipes" ADD CONSTRAINT "ranking_recipes_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rating_criteria" ADD CONSTRAINT "rating_criteria_opening_id_openings_id_fk" FOREIGN KEY ("opening_id") REFERENCES "public"."openings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "candidate_ratings_criterion_idx" ON "candidate_ratings" USING btree ("criterion_id");--> statement-breakpoint
CREATE INDEX "ranking_pins_opening_idx" ON "ranking_pins" USING btree ("opening_id");--> statement-breakpoint
CREATE UNIQUE INDEX "rating_criteria_opening_name_key" ON "rating_criteria" USING btree ("opening_id",lower("name"));--> statement-breakpoint
CREATE INDEX "rating_criteria_opening_idx" ON "rating_criteria" USING btree ("opening_id","position");--> statement-breakpoint
ALTER TABLE "organization_audit_events" ADD CONSTRAINT "organization_audit_events_kind_known" CHECK ("organization_audit_events"."kind" IN ('opening.created', 'opening.edited', 'opening.statusChanged', 'opening.deleted', 'form.versionSaved', 'application.opened', 'resume.viewed', 'candidate.moved', 'candidate.pinned', 'candidate.unpinned', 'ranking.recipeSaved', 'export.downloaded', 'shareLink.created', 'shareLink.revoked', 'member.invited', 'member.roleChanged', 'member.removed', 'invitation.revoked'));--> statement-breakpoint
-- Every opening is rated on "Overall" until the organization chooses otherwise: new openings get it from the
-- database whoever inserts them (routes, seeds, bench), existing openings here.
CREATE FUNCTION "opening_default_rating_criterion"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "rating_criteria" ("opening_id", "name", "position") VALUES (NEW."id", 'Overall', 0);
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER "openings_default_rating_criterion" AFTER INSERT ON "openings"
  FOR EACH ROW EXECUTE FUNCTION "opening_default_rating_criterion"();--> statement-breakpoint
INSERT INTO "rating_criteria" ("opening_id", "name", "position") SELECT "id", 'Overall', 0 FROM "openings";
