-- The server keeps the identity behind a session between requests (server/services/authSessions.ts) instead of
-- reading it for every request. Whatever may change an identity notifies channel `auth_changes` at commit: a
-- session revoked, shortened or gone; a user's role, activity, venue, promoter group, address or language
-- changed (a deleted venue or group sets its users' to null: that UPDATE notifies too), or the user gone; a role
-- renamed or gone. Every pooled connection listens, and PostgreSQL hands a session its own notifications before
-- it is ready for the next statement: the process that committed hears it before its COMMIT returns, the others
-- as soon as one of their connections is idle.
CREATE FUNCTION "notify_auth_changes"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('auth_changes', '');
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "auth_sessions_auth_changes" AFTER UPDATE OF revoked_at, expires_at, user_id OR DELETE
  ON "auth_sessions" FOR EACH STATEMENT EXECUTE FUNCTION notify_auth_changes();--> statement-breakpoint
CREATE TRIGGER "users_auth_changes"
  AFTER UPDATE OF role_id, is_active, establishment_id, promoter_group_id, email, language OR DELETE
  ON "users" FOR EACH STATEMENT EXECUTE FUNCTION notify_auth_changes();--> statement-breakpoint
CREATE TRIGGER "roles_auth_changes" AFTER UPDATE OR DELETE
  ON "roles" FOR EACH STATEMENT EXECUTE FUNCTION notify_auth_changes();
