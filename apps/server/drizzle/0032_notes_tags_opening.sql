-- Notes and tag links carry their application's opening (an application never changes opening), so an export reads
-- an opening's notes and tags on an (opening, application) index instead of joining every application of the opening
-- once per aggregate and per parallel worker. On the bench's 100 000-application opening, with stage moves found
-- through their bulk move's opening as well, the export's statement went from 1.75–1.82 s to 1.34–1.47 s with the
-- same output (bench/results/hot-paths.md, 2026-11-27 20:30). Existing rows take their application's opening.
ALTER TABLE "application_notes" ADD COLUMN "opening_id" uuid;--> statement-breakpoint
UPDATE "application_notes" n SET "opening_id" = a."opening_id" FROM "applications" a WHERE a."id" = n."application_id";--> statement-breakpoint
ALTER TABLE "application_notes" ALTER COLUMN "opening_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "application_tags" ADD COLUMN "opening_id" uuid;--> statement-breakpoint
UPDATE "application_tags" t SET "opening_id" = a."opening_id" FROM "applications" a WHERE a."id" = t."application_id";--> statement-breakpoint
ALTER TABLE "application_tags" ALTER COLUMN "opening_id" SET NOT NULL;--> statement-breakpoint
CREATE INDEX "application_notes_opening_idx" ON "application_notes" USING btree ("opening_id","application_id");--> statement-breakpoint
CREATE INDEX "application_tags_opening_idx" ON "application_tags" USING btree ("opening_id","application_id");
