-- The caller's membership of an organization, revoked rows included (a former member is told so), is read by every
-- organization request. The live-only partial indexes cannot serve that lookup, so it read every membership row.
CREATE INDEX "organization_members_organization_user_idx" ON "organization_members" USING btree ("organization_id","user_id");
