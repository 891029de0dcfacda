CREATE TABLE "group_followers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"group_id" uuid NOT NULL,
	"user_id" bigint NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "group_members" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"group_id" uuid NOT NULL,
	"user_id" bigint NOT NULL,
	"state" text NOT NULL,
	"requested_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"decided_by" bigint,
	"decided_at" timestamp (3) with time zone,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "group_members_state_known" CHECK ("group_members"."state" IN ('requested', 'member', 'declined'))
);
--> statement-breakpoint
CREATE TABLE "groups" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"owner_id" bigint NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"visibility" text DEFAULT 'public' NOT NULL,
	"join_policy" text DEFAULT 'request' NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp (3) with time zone,
	CONSTRAINT "groups_visibility_known" CHECK ("groups"."visibility" IN ('public', 'unlisted')),
	CONSTRAINT "groups_join_policy_known" CHECK ("groups"."join_policy" IN ('open', 'request', 'closed'))
);
--> statement-breakpoint
CREATE TABLE "institution_roles" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"institution_id" bigint NOT NULL,
	"user_id" bigint NOT NULL,
	"role" text NOT NULL,
	"granted_by" bigint,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "institution_roles_role_known" CHECK ("institution_roles"."role" IN ('root', 'admin'))
);
--> statement-breakpoint
CREATE TABLE "record_verifications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"subject_user_id" bigint NOT NULL,
	"record_kind" text NOT NULL,
	"record_id" uuid NOT NULL,
	"verification_group_id" uuid NOT NULL,
	"verifier_id" bigint NOT NULL,
	"decision" text NOT NULL,
	"note" text,
	"snapshot" jsonb NOT NULL,
	"decided_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"voided_at" timestamp (3) with time zone,
	CONSTRAINT "record_verifications_kind_known" CHECK ("record_verifications"."record_kind" IN ('education', 'experience', 'placement', 'other')),
	CONSTRAINT "record_verifications_decision_known" CHECK ("record_verifications"."decision" IN ('verified', 'rejected'))
);
--> statement-breakpoint
CREATE TABLE "verification_group_followers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"group_id" uuid NOT NULL,
	"user_id" bigint NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "verification_group_members" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"group_id" uuid NOT NULL,
	"user_id" bigint NOT NULL,
	"state" text NOT NULL,
	"requested_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"decided_by" bigint,
	"decided_at" timestamp (3) with time zone,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "verification_group_members_state_known" CHECK ("verification_group_members"."state" IN ('requested', 'member', 'declined'))
);
--> statement-breakpoint
CREATE TABLE "verification_group_roles" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"group_id" uuid NOT NULL,
	"user_id" bigint,
	"email" text NOT NULL,
	"role" text NOT NULL,
	"granted_by" bigint,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "verification_group_roles_email_lowercase" CHECK ("verification_group_roles"."email" = lower("verification_group_roles"."email")),
	CONSTRAINT "verification_group_roles_role_known" CHECK ("verification_group_roles"."role" IN ('owner', 'admin', 'verifier', 'viewer'))
);
--> statement-breakpoint
CREATE TABLE "verification_groups" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"owner_id" bigint NOT NULL,
	"institution_id" bigint,
	"name" text NOT NULL,
	"description" text,
	"join_policy" text DEFAULT 'request' NOT NULL,
	"approval_state" text DEFAULT 'pending' NOT NULL,
	"approved_by" bigint,
	"approved_at" timestamp (3) with time zone,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp (3) with time zone,
	CONSTRAINT "verification_groups_join_policy_known" CHECK ("verification_groups"."join_policy" IN ('open', 'request', 'closed')),
	CONSTRAINT "verification_groups_approval_known" CHECK ("verification_groups"."approval_state" IN ('pending', 'approved', 'rejected'))
);
--> statement-breakpoint
ALTER TABLE "group_followers" ADD CONSTRAINT "group_followers_group_id_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_followers" ADD CONSTRAINT "group_followers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_members" ADD CONSTRAINT "group_members_group_id_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_members" ADD CONSTRAINT "group_members_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_members" ADD CONSTRAINT "group_members_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "groups" ADD CONSTRAINT "groups_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "institution_roles" ADD CONSTRAINT "institution_roles_institution_id_institutions_id_fk" FOREIGN KEY ("institution_id") REFERENCES "public"."institutions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "institution_roles" ADD CONSTRAINT "institution_roles_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "institution_roles" ADD CONSTRAINT "institution_roles_granted_by_users_id_fk" FOREIGN KEY ("granted_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "record_verifications" ADD CONSTRAINT "record_verifications_subject_user_id_users_id_fk" FOREIGN KEY ("subject_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "record_verifications" ADD CONSTRAINT "record_verifications_verification_group_id_verification_groups_id_fk" FOREIGN KEY ("verification_group_id") REFERENCES "public"."verification_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "record_verifications" ADD CONSTRAINT "record_verifications_verifier_id_users_id_fk" FOREIGN KEY ("verifier_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "verification_group_followers" ADD CONSTRAINT "verification_group_followers_group_id_verification_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."verification_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "verification_group_followers" ADD CONSTRAINT "verification_group_followers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "verification_group_members" ADD CONSTRAINT "verification_group_members_group_id_verification_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."verification_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "verification_group_members" ADD CONSTRAINT "verification_group_members_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "verification_group_members" ADD CONSTRAINT "verification_group_members_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "verification_group_roles" ADD CONSTRAINT "verification_group_roles_group_id_verification_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."verification_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "verification_group_roles" ADD CONSTRAINT "verification_group_roles_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "verification_group_roles" ADD CONSTRAINT "verification_group_roles_granted_by_users_id_fk" FOREIGN KEY ("granted_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "verification_groups" ADD CONSTRAINT "verification_groups_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "verification_groups" ADD CONSTRAINT "verification_groups_institution_id_institutions_id_fk" FOREIGN KEY ("institution_id") REFERENCES "public"."institutions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "verification_groups" ADD CONSTRAINT "verification_groups_approved_by_users_id_fk" FOREIGN KEY ("approved_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "group_followers_group_user_key" ON "group_followers" USING btree ("group_id","user_id");--> statement-breakpoint
CREATE INDEX "group_followers_user_idx" ON "group_followers" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "group_members_group_user_key" ON "group_members" USING btree ("group_id","user_id");--> statement-breakpoint
CREATE INDEX "group_members_group_state_idx" ON "group_members" USING btree ("group_id","state","requested_at");--> statement-breakpoint
CREATE INDEX "group_members_user_idx" ON "group_members" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "groups_owner_idx" ON "groups" USING btree ("owner_id","created_at") WHERE "groups"."deleted_at" IS NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "institution_roles_institution_user_key" ON "institution_roles" USING btree ("institution_id","user_id");--> statement-breakpoint
CREATE INDEX "institution_roles_user_idx" ON "institution_roles" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "record_verifications_subject_idx" ON "record_verifications" USING btree ("subject_user_id","record_kind","record_id","decided_at") WHERE "record_verifications"."voided_at" IS NULL;--> statement-breakpoint
CREATE INDEX "record_verifications_record_idx" ON "record_verifications" USING btree ("record_kind","record_id");--> statement-breakpoint
CREATE INDEX "record_verifications_group_idx" ON "record_verifications" USING btree ("verification_group_id");--> statement-breakpoint
CREATE UNIQUE INDEX "verification_group_followers_group_user_key" ON "verification_group_followers" USING btree ("group_id","user_id");--> statement-breakpoint
CREATE INDEX "verification_group_followers_user_idx" ON "verification_group_followers" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "verification_group_members_group_user_key" ON "verification_group_members" USING btree ("group_id","user_id");--> statement-breakpoint
CREATE INDEX "verification_group_members_group_state_idx" ON "verification_group_members" USING btree ("group_id","state","requested_at");--> statement-breakpoint
CREATE INDEX "verification_group_members_user_idx" ON "verification_group_members" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "verification_group_roles_group_email_key" ON "verification_group_roles" USING btree ("group_id","email");--> statement-breakpoint
CREATE INDEX "verification_group_roles_user_idx" ON "verification_group_roles" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "verification_group_roles_unresolved_email_idx" ON "verification_group_roles" USING btree ("email") WHERE "verification_group_roles"."user_id" IS NULL;--> statement-breakpoint
CREATE INDEX "verification_groups_owner_idx" ON "verification_groups" USING btree ("owner_id") WHERE "verification_groups"."deleted_at" IS NULL;--> statement-breakpoint
CREATE INDEX "verification_groups_institution_idx" ON "verification_groups" USING btree ("institution_id") WHERE "verification_groups"."deleted_at" IS NULL;--> statement-breakpoint
CREATE INDEX "verification_groups_pending_idx" ON "verification_groups" USING btree ("created_at") WHERE "verification_groups"."approval_state" = 'pending' AND "verification_groups"."deleted_at" IS NULL;