-- Institution roles can be given by email before the person signs up (like verification group roles): the row
-- keeps the email and gets its user on that person's first sign-in. Existing rows take their user's email.
ALTER TABLE "institution_roles" ALTER COLUMN "user_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "institution_roles" ADD COLUMN "email" text;--> statement-breakpoint
UPDATE "institution_roles" SET "email" = lower("users"."email") FROM "users" WHERE "users"."id" = "institution_roles"."user_id";--> statement-breakpoint
ALTER TABLE "institution_roles" ALTER COLUMN "email" SET NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "institution_roles_institution_email_key" ON "institution_roles" USING btree ("institution_id","email");--> statement-breakpoint
CREATE INDEX "institution_roles_unresolved_email_idx" ON "institution_roles" USING btree ("email") WHERE "institution_roles"."user_id" IS NULL;--> statement-breakpoint
ALTER TABLE "institution_roles" ADD CONSTRAINT "institution_roles_email_lowercase" CHECK ("institution_roles"."email" = lower("institution_roles"."email"));
