-- The stored ranking keeps each recipe criterion's normalised value per application (recipe order, null when the
-- value is missing), so the ranked export reads rank, score and contributions from opening_rankings instead of
-- running the ranking statement again. Builds made before this column have no values: they are dropped, and the
-- next read of each opening (page, score filter or sort, export) rebuilds it.
ALTER TABLE "opening_rankings" ADD COLUMN "normalised" double precision[];--> statement-breakpoint
DELETE FROM "ranking_builds";--> statement-breakpoint
DELETE FROM "opening_rankings";
