CREATE TABLE "team_members" (
	"tenant_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "team_members_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"team_id" bigint NOT NULL,
	"driver_id" bigint NOT NULL,
	"joined_at" timestamp with time zone NOT NULL,
	"join_reason" text,
	"joined_by" bigint,
	"left_at" timestamp with time zone,
	"leave_reason" text,
	"left_by" bigint,
	CONSTRAINT "team_members_tenant_id_id_pk" PRIMARY KEY("tenant_id","id"),
	CONSTRAINT "team_members_left_ck" CHECK (left_at is null or left_at >= joined_at)
);
--> statement-breakpoint
CREATE TABLE "teams" (
	"tenant_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "teams_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"rent_id" bigint NOT NULL,
	"parent_id" bigint,
	"kind" text NOT NULL,
	"name" text NOT NULL,
	"leader_user_id" bigint,
	"leader_driver_id" bigint,
	"enabled" boolean DEFAULT true NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"remark" text,
	"created_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	"deleted_at" timestamp with time zone,
	CONSTRAINT "teams_tenant_id_id_pk" PRIMARY KEY("tenant_id","id"),
	CONSTRAINT "teams_kind_ck" CHECK (kind in ('fleet', 'team')),
	CONSTRAINT "teams_shape_ck" CHECK ((kind = 'fleet') = (parent_id is null)),
	CONSTRAINT "teams_leader_ck" CHECK (leader_user_id is null or leader_driver_id is null)
);
--> statement-breakpoint
ALTER TABLE "roles" DROP CONSTRAINT "roles_data_scope_ck";--> statement-breakpoint
ALTER TABLE "drivers" ADD COLUMN "team_id" bigint;--> statement-breakpoint
ALTER TABLE "cars" ADD COLUMN "team_id" bigint;--> statement-breakpoint
ALTER TABLE "team_members" ADD CONSTRAINT "team_members_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_members" ADD CONSTRAINT "team_members_tenant_id_team_id_teams_tenant_id_id_fk" FOREIGN KEY ("tenant_id","team_id") REFERENCES "public"."teams"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_members" ADD CONSTRAINT "team_members_tenant_id_driver_id_drivers_tenant_id_id_fk" FOREIGN KEY ("tenant_id","driver_id") REFERENCES "public"."drivers"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_members" ADD CONSTRAINT "team_members_tenant_id_joined_by_users_tenant_id_id_fk" FOREIGN KEY ("tenant_id","joined_by") REFERENCES "public"."users"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_members" ADD CONSTRAINT "team_members_tenant_id_left_by_users_tenant_id_id_fk" FOREIGN KEY ("tenant_id","left_by") REFERENCES "public"."users"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "teams" ADD CONSTRAINT "teams_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "teams" ADD CONSTRAINT "teams_tenant_id_rent_id_rents_tenant_id_id_fk" FOREIGN KEY ("tenant_id","rent_id") REFERENCES "public"."rents"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "teams" ADD CONSTRAINT "teams_tenant_id_parent_id_teams_tenant_id_id_fk" FOREIGN KEY ("tenant_id","parent_id") REFERENCES "public"."teams"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "teams" ADD CONSTRAINT "teams_tenant_id_leader_user_id_users_tenant_id_id_fk" FOREIGN KEY ("tenant_id","leader_user_id") REFERENCES "public"."users"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "teams" ADD CONSTRAINT "teams_tenant_id_leader_driver_id_drivers_tenant_id_id_fk" FOREIGN KEY ("tenant_id","leader_driver_id") REFERENCES "public"."drivers"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "teams" ADD CONSTRAINT "teams_tenant_id_created_by_users_tenant_id_id_fk" FOREIGN KEY ("tenant_id","created_by") REFERENCES "public"."users"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "team_members_open_uq" ON "team_members" USING btree ("tenant_id","driver_id") WHERE left_at is null;--> statement-breakpoint
CREATE INDEX "team_members_team_ix" ON "team_members" USING btree ("tenant_id","team_id","joined_at");--> statement-breakpoint
CREATE INDEX "team_members_driver_ix" ON "team_members" USING btree ("tenant_id","driver_id","joined_at");--> statement-breakpoint
CREATE UNIQUE INDEX "teams_name_uq" ON "teams" USING btree ("tenant_id","rent_id",coalesce(parent_id, 0),"name") WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX "teams_parent_ix" ON "teams" USING btree ("tenant_id","parent_id");--> statement-breakpoint
CREATE INDEX "teams_leader_user_ix" ON "teams" USING btree ("tenant_id","leader_user_id") WHERE leader_user_id is not null and deleted_at is null;--> statement-breakpoint
CREATE INDEX "teams_leader_driver_ix" ON "teams" USING btree ("tenant_id","leader_driver_id") WHERE leader_driver_id is not null and deleted_at is null;--> statement-breakpoint
ALTER TABLE "roles" ADD CONSTRAINT "roles_data_scope_ck" CHECK (data_scope in ('all', 'assigned', 'workshop', 'own', 'team'));--> statement-breakpoint
-- Hand SQL (not generated). drivers.team_id and cars.team_id point at a node of the tree (the schema files cannot
-- name `teams` without an import circle); a team leader's lists filter by them.
ALTER TABLE "drivers" ADD CONSTRAINT "drivers_team_fk" FOREIGN KEY ("tenant_id","team_id") REFERENCES "public"."teams"("tenant_id","id");--> statement-breakpoint
ALTER TABLE "cars" ADD CONSTRAINT "cars_team_fk" FOREIGN KEY ("tenant_id","team_id") REFERENCES "public"."teams"("tenant_id","id");--> statement-breakpoint
CREATE INDEX "drivers_team_ix" ON "drivers" USING btree ("tenant_id","team_id") WHERE team_id is not null;--> statement-breakpoint
CREATE INDEX "cars_team_ix" ON "cars" USING btree ("tenant_id","team_id") WHERE team_id is not null;--> statement-breakpoint
-- A leader's sign-in carries the nodes he leads (core/auth.ts, data scope `team`): a change of the tree drops the
-- tenant's cached sessions, as the tables of migration 0007 do.
CREATE TRIGGER "teams_session" AFTER INSERT OR UPDATE OR DELETE ON "teams"
  FOR EACH ROW EXECUTE FUNCTION "announce_session_change"('tenant_id');
--> statement-breakpoint
-- A driver whose team the drivers' area clears (another company, left, blacklisted, deleted) ends his open stay at
-- the time of that change (`updated_at`, the application's clock); the teams area's own moves have closed it first.
CREATE FUNCTION "drivers_team_left"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "team_members" SET "left_at" = greatest(NEW."updated_at", "joined_at")
    WHERE "tenant_id" = NEW."tenant_id" AND "driver_id" = NEW."id" AND "team_id" = OLD."team_id" AND "left_at" IS NULL;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "drivers_team_left" AFTER UPDATE OF "team_id" ON "drivers"
  FOR EACH ROW WHEN (OLD."team_id" IS NOT NULL AND OLD."team_id" IS DISTINCT FROM NEW."team_id")
  EXECUTE FUNCTION "drivers_team_left"();
