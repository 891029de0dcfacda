-- Organizations deleted before their groups went with them: their groups and own verification groups (not an
-- institution's) become deleted at the organization's deletion time.
UPDATE "groups" SET "deleted_at" = "organizations"."deleted_at", "updated_at" = now()
FROM "organizations"
WHERE "groups"."owner_id" = "organizations"."id"
  AND "organizations"."deleted_at" IS NOT NULL
  AND "groups"."deleted_at" IS NULL;--> statement-breakpoint
UPDATE "verification_groups" SET "deleted_at" = "organizations"."deleted_at", "updated_at" = now()
FROM "organizations"
WHERE "verification_groups"."owner_id" = "organizations"."id"
  AND "verification_groups"."institution_id" IS NULL
  AND "organizations"."deleted_at" IS NOT NULL
  AND "verification_groups"."deleted_at" IS NULL;
