CREATE TABLE "opening_rankings" (
	"application_id" uuid PRIMARY KEY NOT NULL,
	"opening_id" uuid NOT NULL,
	"stage_id" uuid,
	"position" integer NOT NULL,
	"score" double precision NOT NULL,
	"ko" integer NOT NULL,
	"pin_group" smallint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ranking_builds" (
	"opening_id" uuid PRIMARY KEY NOT NULL,
	"version" bigint NOT NULL,
	"recipe" jsonb,
	"stats" jsonb NOT NULL,
	"total" integer NOT NULL,
	"knocked_out" integer NOT NULL,
	"built_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ranking_versions" (
	"opening_id" uuid PRIMARY KEY NOT NULL,
	"version" bigint DEFAULT 1 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "ranking_builds" ADD CONSTRAINT "ranking_builds_opening_id_openings_id_fk" FOREIGN KEY ("opening_id") REFERENCES "public"."openings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ranking_versions" ADD CONSTRAINT "ranking_versions_opening_id_openings_id_fk" FOREIGN KEY ("opening_id") REFERENCES "public"."openings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "opening_rankings_position_idx" ON "opening_rankings" USING btree ("opening_id","position");--> statement-breakpoint
CREATE INDEX "opening_rankings_filter_idx" ON "opening_rankings" USING btree ("opening_id","stage_id","pin_group","score");