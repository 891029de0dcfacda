-- Placement season: revoking a policy exception (issue 41, docs/ARCHITECTURE.md "Policy and offers"). A revoked
-- exception stays as a row — who granted it, who revoked it, when and why — and no longer sets its rule aside
-- (the policy's facts read only the exceptions with no revoked_at).
ALTER TABLE "cycle_policy_exceptions" ADD COLUMN "revoked_at" timestamp(3) with time zone;--> statement-breakpoint
ALTER TABLE "cycle_policy_exceptions" ADD COLUMN "revoked_by" bigint REFERENCES "users"("id") ON DELETE SET NULL;--> statement-breakpoint
ALTER TABLE "cycle_policy_exceptions" ADD COLUMN "revoke_reason" text;--> statement-breakpoint
ALTER TABLE "cycle_policy_exceptions" ADD CONSTRAINT "cycle_policy_exceptions_revoke_reason_given"
  CHECK (("revoked_at" IS NULL) = ("revoke_reason" IS NULL));--> statement-breakpoint
-- The audit trail's known kinds gain the revocation; read from the constraint as it stands (as 0043 does), so kinds
-- that other migrations of the same turn add are kept whatever order they run in.
DO $$
DECLARE kinds text;
BEGIN
	SELECT string_agg(quote_literal(kind), ', ') INTO kinds FROM (
		SELECT unnest(regexp_matches(pg_get_constraintdef(c.oid), '''([^'']+)''', 'g')) AS kind
		FROM pg_constraint c WHERE c.conname = 'organization_audit_events_kind_known'
		UNION SELECT 'policy.exceptionRevoked'
	) known;
	ALTER TABLE "organization_audit_events" DROP CONSTRAINT "organization_audit_events_kind_known";
	EXECUTE 'ALTER TABLE "organization_audit_events" ADD CONSTRAINT "organization_audit_events_kind_known" CHECK ("kind" IN (' || kinds || '))';
END $$;
