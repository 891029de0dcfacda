ALTER TABLE "notifications" ALTER COLUMN "recipient_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "recipient_email" text;--> statement-breakpoint
CREATE INDEX "notifications_unclaimed_email_idx" ON "notifications" USING btree ("recipient_email") WHERE "notifications"."recipient_id" IS NULL;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_recipient_known" CHECK ("notifications"."recipient_id" IS NOT NULL OR "notifications"."recipient_email" IS NOT NULL);--> statement-breakpoint
-- The live unread count is pushed, not polled: every change that can move a person's count (a new in-app row, a row
-- read, a row claimed by a new account) tells the listening server processes whose count it was. Payload: the
-- recipient id only. PostgreSQL folds identical notifications of one transaction into one.
CREATE FUNCTION "notifications_unread_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.recipient_id IS NOT NULL AND NEW.in_app THEN
    PERFORM pg_notify('notifications_unread', NEW.recipient_id::text);
  END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "notifications_unread_notify" AFTER INSERT OR UPDATE OF "read_at", "recipient_id" ON "notifications"
  FOR EACH ROW EXECUTE FUNCTION "notifications_unread_changed"();
