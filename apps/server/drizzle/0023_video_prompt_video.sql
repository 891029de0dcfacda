ALTER TABLE "files" DROP CONSTRAINT "files_purpose_known";--> statement-breakpoint
ALTER TABLE "video_tasks" ADD COLUMN "prompt_video_file_id" uuid;--> statement-breakpoint
ALTER TABLE "video_tasks" ADD COLUMN "prompt_captions_file_id" uuid;--> statement-breakpoint
ALTER TABLE "video_tasks" ADD CONSTRAINT "video_tasks_prompt_video_file_id_files_id_fk" FOREIGN KEY ("prompt_video_file_id") REFERENCES "public"."files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "video_tasks" ADD CONSTRAINT "video_tasks_prompt_captions_file_id_files_id_fk" FOREIGN KEY ("prompt_captions_file_id") REFERENCES "public"."files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "video_tasks_prompt_video_idx" ON "video_tasks" USING btree ("prompt_video_file_id");--> statement-breakpoint
CREATE INDEX "video_tasks_prompt_captions_idx" ON "video_tasks" USING btree ("prompt_captions_file_id");--> statement-breakpoint
ALTER TABLE "files" ADD CONSTRAINT "files_purpose_known" CHECK ("files"."purpose" IN ('resume', 'application', 'photo', 'logo', 'video', 'videoPoster', 'videoPromptImage', 'videoPrompt', 'videoCaptions'));