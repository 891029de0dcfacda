-- Issue #40, defect 0: where an opening asks for verified education, eligibility (and every number shown beside a
-- verified badge) reads the values as the verifier saw them, never the person's editable auto-fill data.
-- `facts` holds those values in auto-fill keys (institution, degree, branch, grade, gradeScale, graduationYear,
-- currentBacklogs), written with every decision on an education record. Existing decisions get theirs from the
-- snapshot the verifier's decision stored (the entry as presented to the verifier at that moment): editing a record
-- voids its decisions, so a live decision's snapshot is the verified record. Other record kinds keep null.
ALTER TABLE "record_verifications" ADD COLUMN "facts" jsonb;--> statement-breakpoint
UPDATE "record_verifications" SET "facts" = jsonb_strip_nulls(jsonb_build_object(
  'institution', "snapshot" ->> 'institutionName',
  'degree', "snapshot" ->> 'degree',
  'branch', "snapshot" ->> 'fieldOfStudy',
  'grade', CASE WHEN jsonb_typeof("snapshot" -> 'grade') = 'number' THEN "snapshot" -> 'grade' END,
  'gradeScale', CASE WHEN "snapshot" ->> 'gradeScale' IN ('CGPA_10', 'CGPA_4', 'PERCENTAGE') THEN "snapshot" ->> 'gradeScale' END,
  'graduationYear', CASE WHEN "snapshot" ->> 'endMonth' ~ '^[0-9]{4}-' THEN left("snapshot" ->> 'endMonth', 4)::int END,
  'currentBacklogs', CASE WHEN jsonb_typeof("snapshot" -> 'currentBacklogs') = 'number' THEN "snapshot" -> 'currentBacklogs' END
)) WHERE "record_kind" = 'education';
