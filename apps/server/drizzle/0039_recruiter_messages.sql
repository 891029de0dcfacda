CREATE TABLE "message_templates" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" bigint NOT NULL,
	"name" text NOT NULL,
	"subject" text NOT NULL,
	"body" text NOT NULL,
	"created_by" bigint,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "message_templates" ADD CONSTRAINT "message_templates_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "message_templates" ADD CONSTRAINT "message_templates_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "message_templates_name_idx" ON "message_templates" USING btree ("organization_id",lower("name"));--> statement-breakpoint
CREATE TABLE "candidate_messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"batch_id" uuid NOT NULL,
	"application_id" uuid NOT NULL,
	"opening_id" uuid NOT NULL,
	"author_id" bigint,
	"template_id" uuid,
	"kind" text NOT NULL,
	"subject" text NOT NULL,
	"body" text NOT NULL,
	"status" text DEFAULT 'scheduled' NOT NULL,
	"send_at" timestamp (3) with time zone NOT NULL,
	"sent_at" timestamp (3) with time zone,
	"cancelled_at" timestamp (3) with time zone,
	"cancelled_by" bigint,
	"created_at" timestamp (3) with time zone DEFAULT clock_timestamp() NOT NULL,
	CONSTRAINT "candidate_messages_kind_known" CHECK ("candidate_messages"."kind" IN ('message', 'rejection')),
	CONSTRAINT "candidate_messages_status_known" CHECK ("candidate_messages"."status" IN ('scheduled', 'sent', 'cancelled'))
);
--> statement-breakpoint
ALTER TABLE "candidate_messages" ADD CONSTRAINT "candidate_messages_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "candidate_messages" ADD CONSTRAINT "candidate_messages_opening_id_openings_id_fk" FOREIGN KEY ("opening_id") REFERENCES "public"."openings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "candidate_messages" ADD CONSTRAINT "candidate_messages_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "candidate_messages" ADD CONSTRAINT "candidate_messages_cancelled_by_users_id_fk" FOREIGN KEY ("cancelled_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "candidate_messages" ADD CONSTRAINT "candidate_messages_template_id_message_templates_id_fk" FOREIGN KEY ("template_id") REFERENCES "public"."message_templates"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "candidate_messages_application_idx" ON "candidate_messages" USING btree ("application_id","created_at","id");--> statement-breakpoint
CREATE INDEX "candidate_messages_opening_idx" ON "candidate_messages" USING btree ("opening_id");--> statement-breakpoint
CREATE INDEX "candidate_messages_template_idx" ON "candidate_messages" USING btree ("template_id");--> statement-breakpoint
CREATE INDEX "candidate_messages_batch_idx" ON "candidate_messages" USING btree ("batch_id");--> statement-breakpoint
CREATE INDEX "candidate_messages_due_idx" ON "candidate_messages" USING btree ("send_at") WHERE "candidate_messages"."status" = 'scheduled';--> statement-breakpoint
-- The audit trail's known kinds gain this change's; read from the constraint as it stands, so kinds that other
-- migrations of the same turn add are kept whatever order they run in.
DO $$
DECLARE kinds text;
BEGIN
	SELECT string_agg(quote_literal(kind), ', ') INTO kinds FROM (
		SELECT unnest(regexp_matches(pg_get_constraintdef(c.oid), '''([^'']+)''', 'g')) AS kind
		FROM pg_constraint c WHERE c.conname = 'organization_audit_events_kind_known'
		UNION SELECT unnest(ARRAY['candidate.rejected', 'candidate.messaged', 'message.cancelled',
			'messageTemplate.created', 'messageTemplate.edited', 'messageTemplate.deleted', 'candidate.withdrew'])
	) known;
	ALTER TABLE "organization_audit_events" DROP CONSTRAINT "organization_audit_events_kind_known";
	EXECUTE 'ALTER TABLE "organization_audit_events" ADD CONSTRAINT "organization_audit_events_kind_known" CHECK ("kind" IN (' || kinds || '))';
END $$;
