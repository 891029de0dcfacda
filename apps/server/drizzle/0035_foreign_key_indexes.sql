-- Deleting a stage sets its stage moves' from/to to null, and deleting a file (a retake, a removed upload) sets its
-- video answers' file and poster to null. PostgreSQL finds those rows with `… WHERE key = $1`: without an index that
-- leads with the key, each deletion read the whole table (src/db/foreign-key-indexes.test.ts).
CREATE INDEX "stage_moves_from_stage_idx" ON "stage_moves" USING btree ("from_stage_id");--> statement-breakpoint
CREATE INDEX "stage_moves_to_stage_idx" ON "stage_moves" USING btree ("to_stage_id");--> statement-breakpoint
CREATE INDEX "video_answers_file_idx" ON "video_answers" USING btree ("file_id");--> statement-breakpoint
CREATE INDEX "video_answers_poster_file_idx" ON "video_answers" USING btree ("poster_file_id");
