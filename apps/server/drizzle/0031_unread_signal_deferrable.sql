-- A statement that writes in-app notifications may take over their live unread signal (migration 0015): it sets
-- `placely.unread_signal` to 'deferred' for its transaction, and its server process sends the NOTIFYs after the
-- commit, many recipients in one statement. Why: a transaction that NOTIFYs takes PostgreSQL's one cluster-wide
-- notify lock at commit and holds it until the commit is on disk, so every submit (each tells its applicant and the
-- organization) committed one at a time behind the others. The handler's write statement measured under pgbench
-- (50 clients, 100 000 users): 175–207 tps with the NOTIFY in the transaction, 233–235 tps deferred. Every other
-- writer leaves the setting unset and is signalled by this trigger as before.
CREATE OR REPLACE FUNCTION "notifications_unread_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.recipient_id IS NOT NULL AND NEW.in_app
     AND coalesce(current_setting('placely.unread_signal', true), '') <> 'deferred' THEN
    PERFORM pg_notify('notifications_unread', NEW.recipient_id::text);
  END IF;
  RETURN NULL;
END;
$$;
