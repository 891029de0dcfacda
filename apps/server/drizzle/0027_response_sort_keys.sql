CREATE TABLE "application_sort_keys" (
	"application_id" uuid PRIMARY KEY NOT NULL,
	"opening_id" uuid NOT NULL,
	"name_key" text,
	"grade_share" double precision,
	"graduation_year" double precision
);
--> statement-breakpoint
ALTER TABLE "application_sort_keys" ADD CONSTRAINT "application_sort_keys_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "application_sort_keys_name_idx" ON "application_sort_keys" USING btree ("opening_id","name_key","application_id");--> statement-breakpoint
CREATE INDEX "application_sort_keys_grade_idx" ON "application_sort_keys" USING btree ("opening_id","grade_share","application_id");--> statement-breakpoint
CREATE INDEX "application_sort_keys_year_idx" ON "application_sort_keys" USING btree ("opening_id","graduation_year","application_id");--> statement-breakpoint
CREATE INDEX "opening_rankings_score_idx" ON "opening_rankings" USING btree ("opening_id","score","application_id");