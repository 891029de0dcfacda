CREATE TABLE "application_drafts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"opening_id" uuid NOT NULL,
	"user_id" bigint NOT NULL,
	"answers" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "application_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"application_id" uuid NOT NULL,
	"from_status" text,
	"to_status" text NOT NULL,
	"from_stage" text,
	"to_stage" text,
	"actor_id" bigint,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "application_revisions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"application_id" uuid NOT NULL,
	"revision" integer NOT NULL,
	"form_version" integer NOT NULL,
	"answers" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "applications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"opening_id" uuid NOT NULL,
	"applicant_id" bigint NOT NULL,
	"form_version" integer NOT NULL,
	"answers" jsonb NOT NULL,
	"status" text DEFAULT 'submitted' NOT NULL,
	"stage" text,
	"score" numeric,
	"revision" integer DEFAULT 1 NOT NULL,
	"idempotency_key" text NOT NULL,
	"submitted_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "external_apply_clicks" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"opening_id" uuid NOT NULL,
	"user_id" bigint,
	"clicked_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "opening_form_versions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"opening_id" uuid NOT NULL,
	"version" integer NOT NULL,
	"definition" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "openings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" bigint NOT NULL,
	"title" text NOT NULL,
	"kind" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"locations" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"remote" boolean DEFAULT false NOT NULL,
	"compensation" jsonb,
	"openings_count" integer,
	"status" text DEFAULT 'draft' NOT NULL,
	"deadline" timestamp with time zone NOT NULL,
	"start_date" date,
	"response_cap" integer,
	"eligibility" jsonb NOT NULL,
	"apply_mode" text DEFAULT 'form' NOT NULL,
	"external_link" text,
	"current_form_version" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	CONSTRAINT "openings_response_cap_positive" CHECK ("openings"."response_cap" IS NULL OR "openings"."response_cap" > 0),
	CONSTRAINT "openings_external_has_link" CHECK ("openings"."apply_mode" <> 'external' OR "openings"."external_link" IS NOT NULL)
);
--> statement-breakpoint
ALTER TABLE "application_drafts" ADD CONSTRAINT "application_drafts_opening_id_openings_id_fk" FOREIGN KEY ("opening_id") REFERENCES "public"."openings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "application_drafts" ADD CONSTRAINT "application_drafts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "application_events" ADD CONSTRAINT "application_events_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "application_events" ADD CONSTRAINT "application_events_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "application_revisions" ADD CONSTRAINT "application_revisions_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "applications" ADD CONSTRAINT "applications_opening_id_openings_id_fk" FOREIGN KEY ("opening_id") REFERENCES "public"."openings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "applications" ADD CONSTRAINT "applications_applicant_id_users_id_fk" FOREIGN KEY ("applicant_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "external_apply_clicks" ADD CONSTRAINT "external_apply_clicks_opening_id_openings_id_fk" FOREIGN KEY ("opening_id") REFERENCES "public"."openings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "external_apply_clicks" ADD CONSTRAINT "external_apply_clicks_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "opening_form_versions" ADD CONSTRAINT "opening_form_versions_opening_id_openings_id_fk" FOREIGN KEY ("opening_id") REFERENCES "public"."openings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "openings" ADD CONSTRAINT "openings_organization_id_users_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "application_drafts_opening_user_key" ON "application_drafts" USING btree ("opening_id","user_id");--> statement-breakpoint
CREATE INDEX "application_events_application_idx" ON "application_events" USING btree ("application_id","at");--> statement-breakpoint
CREATE UNIQUE INDEX "application_revisions_application_revision_key" ON "application_revisions" USING btree ("application_id","revision");--> statement-breakpoint
CREATE UNIQUE INDEX "applications_opening_applicant_key" ON "applications" USING btree ("opening_id","applicant_id");--> statement-breakpoint
CREATE UNIQUE INDEX "applications_idempotency_key" ON "applications" USING btree ("idempotency_key");--> statement-breakpoint
CREATE INDEX "applications_opening_submitted_idx" ON "applications" USING btree ("opening_id","submitted_at","id");--> statement-breakpoint
CREATE INDEX "applications_applicant_idx" ON "applications" USING btree ("applicant_id","updated_at");--> statement-breakpoint
CREATE INDEX "external_apply_clicks_opening_idx" ON "external_apply_clicks" USING btree ("opening_id");--> statement-breakpoint
CREATE UNIQUE INDEX "opening_form_versions_opening_version_key" ON "opening_form_versions" USING btree ("opening_id","version");--> statement-breakpoint
CREATE INDEX "openings_organization_idx" ON "openings" USING btree ("organization_id","created_at");--> statement-breakpoint
CREATE INDEX "openings_feed_idx" ON "openings" USING btree ("status","deadline") WHERE "openings"."deleted_at" IS NULL;