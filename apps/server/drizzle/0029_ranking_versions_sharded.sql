-- The stored ranking's input version, sharded (migration 0025 kept one row per opening): every submit bumped that one
-- row, so concurrent submits to one opening queued on its lock until each committed — a placement drive's thousands
-- of applications to one opening went one at a time (the apply bench: 455 req/s, p99 225 ms, with pgbench on the same
-- writes at 787 tps). A connection now bumps its own shard (backend pid mod 64, as opening_application_counts does);
-- the opening's version is the sum of its shards, which every bump still raises.
ALTER TABLE "ranking_versions" ADD COLUMN "shard" integer NOT NULL DEFAULT 0;--> statement-breakpoint
ALTER TABLE "ranking_versions" ALTER COLUMN "shard" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "ranking_versions" DROP CONSTRAINT "ranking_versions_pkey";--> statement-breakpoint
ALTER TABLE "ranking_versions" ADD CONSTRAINT "ranking_versions_opening_id_shard_pk" PRIMARY KEY("opening_id","shard");--> statement-breakpoint

CREATE OR REPLACE FUNCTION "ranking_bump"(opening_ids uuid[]) RETURNS void LANGUAGE sql AS $$
  INSERT INTO "ranking_versions" ("opening_id", "shard")
  SELECT o."id", pg_backend_pid() % 64 FROM "openings" o WHERE o."id" = ANY(opening_ids) ORDER BY o."id"
  ON CONFLICT ("opening_id", "shard") DO UPDATE SET "version" = "ranking_versions"."version" + 1
$$;
