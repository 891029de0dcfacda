-- Share-link verdicts are limited per link and told to the team as an hourly digest (issue 39): the link row keeps
-- its current hour's verdict count and the digest's state, so every server process counts and schedules the same.
ALTER TABLE "share_links" ADD COLUMN "verdict_window_started_at" timestamp (3) with time zone;
--> statement-breakpoint
ALTER TABLE "share_links" ADD COLUMN "verdict_window_count" integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
ALTER TABLE "share_links" ADD COLUMN "verdicts_undigested" integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
ALTER TABLE "share_links" ADD COLUMN "verdict_digest_due_at" timestamp (3) with time zone;
--> statement-breakpoint
ALTER TABLE "share_links" ADD COLUMN "verdict_digested_at" timestamp (3) with time zone;
