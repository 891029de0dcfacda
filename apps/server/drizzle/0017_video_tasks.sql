CREATE TABLE "video_answers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"task_id" uuid NOT NULL,
	"candidate_id" bigint NOT NULL,
	"file_id" uuid,
	"poster_file_id" uuid,
	"duration_seconds" double precision,
	"source" text,
	"takes_used" integer DEFAULT 0 NOT NULL,
	"submitted_at" timestamp (3) with time zone,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "video_comments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"answer_id" uuid NOT NULL,
	"author_id" bigint,
	"at_seconds" double precision NOT NULL,
	"body" text NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "video_scores" (
	"answer_id" uuid NOT NULL,
	"reviewer_id" bigint NOT NULL,
	"item_id" text NOT NULL,
	"score" integer NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "video_scores_answer_id_reviewer_id_item_id_pk" PRIMARY KEY("answer_id","reviewer_id","item_id"),
	CONSTRAINT "video_scores_range" CHECK ("video_scores"."score" BETWEEN 1 AND 5)
);
--> statement-breakpoint
CREATE TABLE "video_task_invitations" (
	"task_id" uuid NOT NULL,
	"user_id" bigint NOT NULL,
	"application_id" uuid,
	"invited_by" bigint,
	"invited_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "video_task_invitations_task_id_user_id_pk" PRIMARY KEY("task_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "video_tasks" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"opening_id" uuid NOT NULL,
	"title" text NOT NULL,
	"prompt" text NOT NULL,
	"preparation_seconds" integer NOT NULL,
	"max_answer_seconds" integer NOT NULL,
	"takes_allowed" integer NOT NULL,
	"deadline" timestamp (3) with time zone,
	"allow_upload" boolean NOT NULL,
	"ask_at_apply" boolean NOT NULL,
	"rubric" jsonb NOT NULL,
	"created_by" bigint,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp (3) with time zone,
	CONSTRAINT "video_tasks_answer_length" CHECK ("video_tasks"."max_answer_seconds" BETWEEN 15 AND 600),
	CONSTRAINT "video_tasks_takes" CHECK ("video_tasks"."takes_allowed" >= 1)
);
--> statement-breakpoint
ALTER TABLE "files" DROP CONSTRAINT "files_purpose_known";--> statement-breakpoint
ALTER TABLE "files" ADD COLUMN "duration_seconds" double precision;--> statement-breakpoint
ALTER TABLE "video_answers" ADD CONSTRAINT "video_answers_task_id_video_tasks_id_fk" FOREIGN KEY ("task_id") REFERENCES "public"."video_tasks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "video_answers" ADD CONSTRAINT "video_answers_candidate_id_users_id_fk" FOREIGN KEY ("candidate_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "video_answers" ADD CONSTRAINT "video_answers_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "video_answers" ADD CONSTRAINT "video_answers_poster_file_id_files_id_fk" FOREIGN KEY ("poster_file_id") REFERENCES "public"."files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "video_comments" ADD CONSTRAINT "video_comments_answer_id_video_answers_id_fk" FOREIGN KEY ("answer_id") REFERENCES "public"."video_answers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "video_comments" ADD CONSTRAINT "video_comments_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "video_scores" ADD CONSTRAINT "video_scores_answer_id_video_answers_id_fk" FOREIGN KEY ("answer_id") REFERENCES "public"."video_answers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "video_scores" ADD CONSTRAINT "video_scores_reviewer_id_users_id_fk" FOREIGN KEY ("reviewer_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "video_task_invitations" ADD CONSTRAINT "video_task_invitations_task_id_video_tasks_id_fk" FOREIGN KEY ("task_id") REFERENCES "public"."video_tasks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "video_task_invitations" ADD CONSTRAINT "video_task_invitations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "video_task_invitations" ADD CONSTRAINT "video_task_invitations_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "video_task_invitations" ADD CONSTRAINT "video_task_invitations_invited_by_users_id_fk" FOREIGN KEY ("invited_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "video_tasks" ADD CONSTRAINT "video_tasks_opening_id_openings_id_fk" FOREIGN KEY ("opening_id") REFERENCES "public"."openings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "video_tasks" ADD CONSTRAINT "video_tasks_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "video_answers_task_candidate_key" ON "video_answers" USING btree ("task_id","candidate_id");--> statement-breakpoint
CREATE INDEX "video_answers_task_submitted_idx" ON "video_answers" USING btree ("task_id","submitted_at","id");--> statement-breakpoint
CREATE INDEX "video_answers_candidate_idx" ON "video_answers" USING btree ("candidate_id");--> statement-breakpoint
CREATE INDEX "video_comments_answer_idx" ON "video_comments" USING btree ("answer_id","at_seconds");--> statement-breakpoint
CREATE INDEX "video_task_invitations_user_idx" ON "video_task_invitations" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "video_tasks_opening_idx" ON "video_tasks" USING btree ("opening_id","created_at");--> statement-breakpoint
ALTER TABLE "files" ADD CONSTRAINT "files_purpose_known" CHECK ("files"."purpose" IN ('resume', 'application', 'photo', 'logo', 'video', 'videoPoster'));