-- What a signed-in session carries (core/auth.ts) is cached in each API process (core/session-cache.ts). Every
-- change to it is announced on the channel fleetdesk_session when its transaction commits: the tenant's id
-- (every session of that tenant is dropped), or tenant:token for one token. NOTIFY folds equal payloads of one
-- transaction into one.
CREATE FUNCTION "announce_session_change"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  r record;
BEGIN
  IF TG_OP = 'DELETE' THEN r := OLD; ELSE r := NEW; END IF;
  PERFORM pg_notify('fleetdesk_session', to_jsonb(r) ->> TG_ARGV[0]);
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE FUNCTION "announce_token_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('fleetdesk_session', OLD."tenant_id"::text || ':' || OLD."id"::text);
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "oauth_tokens_session_update" AFTER UPDATE ON "oauth_tokens" FOR EACH ROW
  WHEN (OLD."revoked_at" IS DISTINCT FROM NEW."revoked_at" OR OLD."access_hash" IS DISTINCT FROM NEW."access_hash"
    OR OLD."access_expires_at" IS DISTINCT FROM NEW."access_expires_at" OR OLD."user_id" IS DISTINCT FROM NEW."user_id")
  EXECUTE FUNCTION "announce_token_change"();--> statement-breakpoint
CREATE TRIGGER "oauth_tokens_session_delete" AFTER DELETE ON "oauth_tokens" FOR EACH ROW
  EXECUTE FUNCTION "announce_token_change"();--> statement-breakpoint
CREATE TRIGGER "users_session_update" AFTER UPDATE ON "users" FOR EACH ROW
  WHEN (OLD."status" IS DISTINCT FROM NEW."status" OR OLD."user_type" IS DISTINCT FROM NEW."user_type"
    OR OLD."default_rent_id" IS DISTINCT FROM NEW."default_rent_id" OR OLD."username" IS DISTINCT FROM NEW."username"
    OR OLD."name" IS DISTINCT FROM NEW."name" OR OLD."tenant_id" IS DISTINCT FROM NEW."tenant_id")
  EXECUTE FUNCTION "announce_session_change"('tenant_id');--> statement-breakpoint
CREATE TRIGGER "users_session_delete" AFTER DELETE ON "users" FOR EACH ROW
  EXECUTE FUNCTION "announce_session_change"('tenant_id');--> statement-breakpoint
CREATE TRIGGER "user_rents_session" AFTER INSERT OR UPDATE OR DELETE ON "user_rents" FOR EACH ROW
  EXECUTE FUNCTION "announce_session_change"('tenant_id');--> statement-breakpoint
CREATE TRIGGER "user_roles_session" AFTER INSERT OR UPDATE OR DELETE ON "user_roles" FOR EACH ROW
  EXECUTE FUNCTION "announce_session_change"('tenant_id');--> statement-breakpoint
CREATE TRIGGER "role_grants_session" AFTER INSERT OR UPDATE OR DELETE ON "role_grants" FOR EACH ROW
  EXECUTE FUNCTION "announce_session_change"('tenant_id');--> statement-breakpoint
CREATE TRIGGER "roles_session_update" AFTER UPDATE ON "roles" FOR EACH ROW
  WHEN (OLD."code" IS DISTINCT FROM NEW."code" OR OLD."all_permissions" IS DISTINCT FROM NEW."all_permissions"
    OR OLD."data_scope" IS DISTINCT FROM NEW."data_scope")
  EXECUTE FUNCTION "announce_session_change"('tenant_id');--> statement-breakpoint
CREATE TRIGGER "roles_session_delete" AFTER DELETE ON "roles" FOR EACH ROW
  EXECUTE FUNCTION "announce_session_change"('tenant_id');--> statement-breakpoint
CREATE TRIGGER "rents_session_insert_delete" AFTER INSERT OR DELETE ON "rents" FOR EACH ROW
  EXECUTE FUNCTION "announce_session_change"('tenant_id');--> statement-breakpoint
CREATE TRIGGER "rents_session_update" AFTER UPDATE ON "rents" FOR EACH ROW
  WHEN (OLD."status" IS DISTINCT FROM NEW."status")
  EXECUTE FUNCTION "announce_session_change"('tenant_id');--> statement-breakpoint
CREATE TRIGGER "tenants_session_update" AFTER UPDATE ON "tenants" FOR EACH ROW
  WHEN (OLD."status" IS DISTINCT FROM NEW."status" OR OLD."name" IS DISTINCT FROM NEW."name")
  EXECUTE FUNCTION "announce_session_change"('id');--> statement-breakpoint
CREATE TRIGGER "tenants_session_delete" AFTER DELETE ON "tenants" FOR EACH ROW
  EXECUTE FUNCTION "announce_session_change"('id');--> statement-breakpoint
CREATE TRIGGER "memberships_session" AFTER INSERT OR UPDATE OR DELETE ON "memberships" FOR EACH ROW
  EXECUTE FUNCTION "announce_session_change"('tenant_id');--> statement-breakpoint
CREATE TRIGGER "tenant_permissions_session" AFTER INSERT OR UPDATE OR DELETE ON "tenant_permissions" FOR EACH ROW
  EXECUTE FUNCTION "announce_session_change"('tenant_id');
