CREATE TABLE "organization_audit_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" bigint NOT NULL,
	"actor_user_id" bigint,
	"kind" text NOT NULL,
	"opening_id" uuid,
	"application_id" uuid,
	"subject_email" text,
	"details" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "organization_audit_events_kind_known" CHECK ("organization_audit_events"."kind" IN ('opening.created', 'opening.edited', 'opening.statusChanged', 'opening.deleted', 'form.versionSaved', 'application.opened', 'resume.viewed', 'candidate.moved', 'export.downloaded', 'shareLink.created', 'shareLink.revoked', 'member.invited', 'member.roleChanged', 'member.removed', 'invitation.revoked'))
);
--> statement-breakpoint
CREATE TABLE "organization_member_openings" (
	"member_id" uuid NOT NULL,
	"opening_id" uuid NOT NULL,
	CONSTRAINT "organization_member_openings_member_id_opening_id_pk" PRIMARY KEY("member_id","opening_id")
);
--> statement-breakpoint
CREATE TABLE "organization_members" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" bigint NOT NULL,
	"user_id" bigint,
	"email" text NOT NULL,
	"role" text NOT NULL,
	"all_openings" boolean DEFAULT true NOT NULL,
	"can_view_contacts" boolean DEFAULT false NOT NULL,
	"invited_by" bigint,
	"claimed_at" timestamp (3) with time zone,
	"expires_at" timestamp (3) with time zone,
	"revoked_at" timestamp (3) with time zone,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "organization_members_email_lowercase" CHECK ("organization_members"."email" = lower("organization_members"."email")),
	CONSTRAINT "organization_members_role_known" CHECK ("organization_members"."role" IN ('owner', 'coordinator', 'reviewer'))
);
--> statement-breakpoint
CREATE TABLE "organizations" (
	"id" bigint PRIMARY KEY NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "organization_audit_events" ADD CONSTRAINT "organization_audit_events_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organization_member_openings" ADD CONSTRAINT "organization_member_openings_member_id_organization_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."organization_members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organization_member_openings" ADD CONSTRAINT "organization_member_openings_opening_id_openings_id_fk" FOREIGN KEY ("opening_id") REFERENCES "public"."openings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organization_members" ADD CONSTRAINT "organization_members_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organization_members" ADD CONSTRAINT "organization_members_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organization_members" ADD CONSTRAINT "organization_members_invited_by_users_id_fk" FOREIGN KEY ("invited_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organizations" ADD CONSTRAINT "organizations_id_users_id_fk" FOREIGN KEY ("id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "organization_audit_events_org_time_idx" ON "organization_audit_events" USING btree ("organization_id","created_at","id");--> statement-breakpoint
CREATE INDEX "organization_audit_events_opening_idx" ON "organization_audit_events" USING btree ("opening_id","created_at");--> statement-breakpoint
CREATE INDEX "organization_member_openings_opening_idx" ON "organization_member_openings" USING btree ("opening_id");--> statement-breakpoint
CREATE UNIQUE INDEX "organization_members_live_email_key" ON "organization_members" USING btree ("organization_id","email") WHERE "organization_members"."revoked_at" IS NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "organization_members_live_user_key" ON "organization_members" USING btree ("organization_id","user_id") WHERE "organization_members"."revoked_at" IS NULL;--> statement-breakpoint
CREATE INDEX "organization_members_user_idx" ON "organization_members" USING btree ("user_id") WHERE "organization_members"."revoked_at" IS NULL;--> statement-breakpoint
CREATE INDEX "organization_members_unclaimed_email_idx" ON "organization_members" USING btree ("email") WHERE "organization_members"."user_id" IS NULL AND "organization_members"."revoked_at" IS NULL;--> statement-breakpoint
-- Every existing organization account becomes an organization whose only person is that account, as owner:
-- its openings, groups and profile keep their ids and paths, and it keeps working with no organization header.
INSERT INTO "organizations" ("id") SELECT "id" FROM "users" WHERE "account_type" = 'Organization' ON CONFLICT DO NOTHING;--> statement-breakpoint
INSERT INTO "organization_members" ("organization_id", "user_id", "email", "role", "claimed_at")
SELECT "id", "id", lower("email"), 'owner', now() FROM "users" WHERE "account_type" = 'Organization';--> statement-breakpoint
-- The audit trail is append-only: rows are never edited (they go only with their organization).
CREATE FUNCTION "organization_audit_events_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'organization_audit_events is append-only';
END;
$$;--> statement-breakpoint
CREATE TRIGGER "organization_audit_events_no_update" BEFORE UPDATE ON "organization_audit_events"
FOR EACH ROW EXECUTE FUNCTION "organization_audit_events_append_only"();
