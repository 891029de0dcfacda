-- Placement statistics and notices (issue 41, docs/ARCHITECTURE.md "Placement season" → "Statistics and notices").
-- Why a student left the season: the NIRF report counts "students selected for higher studies", which the cell records
-- as an opted-out student's reason (null: not said, or not opted out).
ALTER TABLE "cycle_enrolments" ADD COLUMN "opt_out_reason" text;--> statement-breakpoint
ALTER TABLE "cycle_enrolments" ADD CONSTRAINT "cycle_enrolments_opt_out_reason_known"
  CHECK ("opt_out_reason" IS NULL OR "opt_out_reason" IN ('higher_studies', 'entrepreneurship', 'other'));
