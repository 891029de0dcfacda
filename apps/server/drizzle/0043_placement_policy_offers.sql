-- Placement season: the policy engine and offers (issue 41, docs/ARCHITECTURE.md "Policy and offers"), on top of
-- 0042. An offer says what kind it is (a pre-placement offer is what the PPO holders' rule reads) and keeps the
-- policy's warnings from when it was made (an offer that breaks the policy warns; it is never silently blocked).
ALTER TABLE "offers" ADD COLUMN "kind" text NOT NULL DEFAULT 'full-time';--> statement-breakpoint
ALTER TABLE "offers" ADD CONSTRAINT "offers_kind_known" CHECK ("kind" IN ('full-time', 'internship', 'ppo'));--> statement-breakpoint
ALTER TABLE "offers" ADD COLUMN "policy_warnings" jsonb NOT NULL DEFAULT '[]'::jsonb;--> statement-breakpoint
-- The lapse sweep finds pending offers past their deadline.
CREATE INDEX "offers_pending_respond_by_idx" ON "offers" ("respond_by") WHERE "status" = 'pending';--> statement-breakpoint
-- The audit trail's known kinds gain the policy's and the offers'; read from the constraint as it stands, so kinds
-- that other migrations of the same turn add are kept whatever order they run in.
DO $$
DECLARE kinds text;
BEGIN
	SELECT string_agg(quote_literal(kind), ', ') INTO kinds FROM (
		SELECT unnest(regexp_matches(pg_get_constraintdef(c.oid), '''([^'']+)''', 'g')) AS kind
		FROM pg_constraint c WHERE c.conname = 'organization_audit_events_kind_known'
		UNION SELECT unnest(ARRAY['policy.changed', 'policy.exceptionGranted', 'offer.made', 'offer.withdrawn',
			'offer.rescinded'])
	) known;
	ALTER TABLE "organization_audit_events" DROP CONSTRAINT "organization_audit_events_kind_known";
	EXECUTE 'ALTER TABLE "organization_audit_events" ADD CONSTRAINT "organization_audit_events_kind_known" CHECK ("kind" IN (' || kinds || '))';
END $$;
