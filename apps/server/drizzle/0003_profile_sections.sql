CREATE TABLE "education_entries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"institution_id" bigint,
	"institution_name" text NOT NULL,
	"degree" text NOT NULL,
	"field_of_study" text,
	"start_month" text,
	"end_month" text,
	"is_current" boolean DEFAULT false NOT NULL,
	"grade" real,
	"grade_scale" text,
	"current_backlogs" integer,
	"roll_number" text
);
--> statement-breakpoint
CREATE TABLE "experience_entries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"organization" text NOT NULL,
	"title" text NOT NULL,
	"kind" text NOT NULL,
	"location" text,
	"start_month" text NOT NULL,
	"end_month" text,
	"is_current" boolean DEFAULT false NOT NULL,
	"description" text
);
--> statement-breakpoint
CREATE TABLE "other_entries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"kind" text NOT NULL,
	"title" text NOT NULL,
	"issuer" text,
	"month" text,
	"link" text,
	"description" text
);
--> statement-breakpoint
CREATE TABLE "placement_entries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"organization" text NOT NULL,
	"role" text NOT NULL,
	"offer_kind" text NOT NULL,
	"compensation" numeric(14, 2),
	"currency" text,
	"month" text,
	"status" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "project_entries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"title" text NOT NULL,
	"role" text,
	"start_month" text,
	"end_month" text,
	"is_current" boolean DEFAULT false NOT NULL,
	"description" text,
	"technologies" text[] DEFAULT '{}'::text[] NOT NULL,
	"link" text
);
--> statement-breakpoint
CREATE TABLE "skills" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"name" text NOT NULL,
	"level" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "education_entries" ADD CONSTRAINT "education_entries_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "education_entries" ADD CONSTRAINT "education_entries_institution_id_institutions_id_fk" FOREIGN KEY ("institution_id") REFERENCES "public"."institutions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "experience_entries" ADD CONSTRAINT "experience_entries_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "other_entries" ADD CONSTRAINT "other_entries_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "placement_entries" ADD CONSTRAINT "placement_entries_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_entries" ADD CONSTRAINT "project_entries_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "skills" ADD CONSTRAINT "skills_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "education_entries_user_idx" ON "education_entries" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "experience_entries_user_idx" ON "experience_entries" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "other_entries_user_idx" ON "other_entries" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "placement_entries_user_idx" ON "placement_entries" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "project_entries_user_idx" ON "project_entries" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "skills_user_name_key" ON "skills" USING btree ("user_id",lower("name"));