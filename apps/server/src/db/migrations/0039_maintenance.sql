CREATE TABLE "maintenance_due" (
	"tenant_id" bigint NOT NULL,
	"car_id" bigint NOT NULL,
	"rent_id" bigint NOT NULL,
	"plan_id" bigint NOT NULL,
	"last_service_on" date,
	"last_service_km" integer,
	"last_order_id" bigint,
	"current_km" integer NOT NULL,
	"km_source" text NOT NULL,
	"km_read_at" timestamp with time zone,
	"next_due_on" date,
	"next_due_km" integer,
	"due_on" date NOT NULL,
	"km_per_day" numeric(12, 2),
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "maintenance_due_tenant_id_car_id_pk" PRIMARY KEY("tenant_id","car_id"),
	CONSTRAINT "maintenance_due_km_source_ck" CHECK (km_source in ('gps', 'car'))
);
--> statement-breakpoint
CREATE TABLE "maintenance_due_versions" (
	"tenant_id" bigint PRIMARY KEY NOT NULL,
	"version" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "maintenance_order_events" (
	"tenant_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "maintenance_order_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"order_id" bigint NOT NULL,
	"kind" text NOT NULL,
	"text_key" text NOT NULL,
	"text_params" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"user_id" bigint,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "maintenance_order_events_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "maintenance_order_lines" (
	"tenant_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "maintenance_order_lines_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"order_id" bigint NOT NULL,
	"kind" text NOT NULL,
	"name" text NOT NULL,
	"part_no" text,
	"quantity" numeric(10, 2),
	"hours" numeric(6, 2),
	"unit_price_fen" bigint,
	"rate_fen" bigint,
	"amount_fen" bigint NOT NULL,
	CONSTRAINT "maintenance_order_lines_tenant_id_id_pk" PRIMARY KEY("tenant_id","id"),
	CONSTRAINT "maintenance_order_lines_kind_ck" CHECK (kind in ('part', 'labour')),
	CONSTRAINT "maintenance_order_lines_shape_ck" CHECK ((kind = 'part' and quantity is not null and unit_price_fen is not null) or (kind = 'labour' and hours is not null and rate_fen is not null))
);
--> statement-breakpoint
CREATE TABLE "maintenance_order_numbers" (
	"tenant_id" bigint NOT NULL,
	"day" date NOT NULL,
	"last" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "maintenance_order_numbers_tenant_id_day_pk" PRIMARY KEY("tenant_id","day")
);
--> statement-breakpoint
CREATE TABLE "maintenance_plans" (
	"tenant_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "maintenance_plans_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"car_type_id" bigint,
	"car_id" bigint,
	"interval_km" integer,
	"interval_months" integer,
	"items" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "maintenance_plans_tenant_id_id_pk" PRIMARY KEY("tenant_id","id"),
	CONSTRAINT "maintenance_plans_target_ck" CHECK ((car_type_id is null) <> (car_id is null)),
	CONSTRAINT "maintenance_plans_interval_ck" CHECK (interval_km is not null or interval_months is not null),
	CONSTRAINT "maintenance_plans_km_ck" CHECK (interval_km is null or interval_km between 500 and 200000),
	CONSTRAINT "maintenance_plans_months_ck" CHECK (interval_months is null or interval_months between 1 and 60)
);
--> statement-breakpoint
CREATE TABLE "maintenance_work_orders" (
	"tenant_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "maintenance_work_orders_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"number" text NOT NULL,
	"rent_id" bigint NOT NULL,
	"car_id" bigint NOT NULL,
	"driver_id" bigint,
	"contract_id" bigint,
	"workshop_id" bigint,
	"kind" text NOT NULL,
	"state" text DEFAULT 'reported' NOT NULL,
	"problem" text NOT NULL,
	"accident_id" bigint,
	"photos" text[] DEFAULT '{}'::text[] NOT NULL,
	"mileage_in" integer,
	"mileage_out" integer,
	"planned_start" date NOT NULL,
	"planned_end" date,
	"actual_start" timestamp with time zone,
	"actual_end" timestamp with time zone,
	"estimate_fen" bigint DEFAULT 0 NOT NULL,
	"parts_fen" bigint DEFAULT 0 NOT NULL,
	"labour_fen" bigint DEFAULT 0 NOT NULL,
	"total_fen" bigint DEFAULT 0 NOT NULL,
	"payer" text DEFAULT 'company' NOT NULL,
	"driver_share_fen" bigint DEFAULT 0 NOT NULL,
	"insurance_share_fen" bigint DEFAULT 0 NOT NULL,
	"approval_request_id" bigint,
	"car_status_before" text,
	"device_id" bigint,
	"address" text,
	"contact_name" text,
	"contact_phone" text,
	"appointment_at" timestamp with time zone,
	"cancel_reason" text,
	"created_by" bigint,
	"version" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"settled_at" timestamp with time zone,
	"picked_up_at" timestamp with time zone,
	CONSTRAINT "maintenance_work_orders_tenant_id_id_pk" PRIMARY KEY("tenant_id","id"),
	CONSTRAINT "maintenance_work_orders_kind_ck" CHECK (kind in ('service', 'repair', 'accident', 'tyre', 'bodywork', 'gps_install', 'gps_repair', 'preparation')),
	CONSTRAINT "maintenance_work_orders_state_ck" CHECK (state in ('reported', 'approving', 'approved', 'in_workshop', 'done', 'settled', 'picked_up', 'cancelled')),
	CONSTRAINT "maintenance_work_orders_payer_ck" CHECK (payer in ('company', 'contract_cover', 'driver', 'insurance')),
	CONSTRAINT "maintenance_work_orders_mileage_ck" CHECK (mileage_out is null or mileage_in is null or mileage_out >= mileage_in),
	CONSTRAINT "maintenance_work_orders_shares_ck" CHECK (driver_share_fen >= 0 and insurance_share_fen >= 0 and driver_share_fen + insurance_share_fen <= total_fen),
	CONSTRAINT "maintenance_work_orders_status_before_ck" CHECK (car_status_before is null or car_status_before in ('idle', 'rented'))
);
--> statement-breakpoint
CREATE TABLE "maintenance_workshop_users" (
	"tenant_id" bigint NOT NULL,
	"workshop_id" bigint NOT NULL,
	"user_id" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "maintenance_workshop_users_tenant_id_user_id_pk" PRIMARY KEY("tenant_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "maintenance_workshops" (
	"tenant_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "maintenance_workshops_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"rent_id" bigint,
	"name" text NOT NULL,
	"kind" text NOT NULL,
	"address" text NOT NULL,
	"contact_name" text NOT NULL,
	"contact_phone" text NOT NULL,
	"services" text[] DEFAULT '{}'::text[] NOT NULL,
	"labour_rate_fen" bigint DEFAULT 0 NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"remark" text,
	"version" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "maintenance_workshops_tenant_id_id_pk" PRIMARY KEY("tenant_id","id"),
	CONSTRAINT "maintenance_workshops_kind_ck" CHECK (kind in ('own', 'partner')),
	CONSTRAINT "maintenance_workshops_services_ck" CHECK (services <@ array['routine', 'repair', 'accident', 'tyre', 'bodywork', 'gps', 'preparation']::text[]),
	CONSTRAINT "maintenance_workshops_rate_ck" CHECK (labour_rate_fen >= 0)
);
--> statement-breakpoint
ALTER TABLE "roles" DROP CONSTRAINT "roles_data_scope_ck";--> statement-breakpoint
ALTER TABLE "maintenance_due" ADD CONSTRAINT "maintenance_due_tenant_id_car_id_cars_tenant_id_id_fk" FOREIGN KEY ("tenant_id","car_id") REFERENCES "public"."cars"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "maintenance_due" ADD CONSTRAINT "maintenance_due_tenant_id_plan_id_maintenance_plans_tenant_id_id_fk" FOREIGN KEY ("tenant_id","plan_id") REFERENCES "public"."maintenance_plans"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "maintenance_order_events" ADD CONSTRAINT "maintenance_order_events_tenant_id_order_id_maintenance_work_orders_tenant_id_id_fk" FOREIGN KEY ("tenant_id","order_id") REFERENCES "public"."maintenance_work_orders"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "maintenance_order_events" ADD CONSTRAINT "maintenance_order_events_tenant_id_user_id_users_tenant_id_id_fk" FOREIGN KEY ("tenant_id","user_id") REFERENCES "public"."users"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "maintenance_order_lines" ADD CONSTRAINT "maintenance_order_lines_tenant_id_order_id_maintenance_work_orders_tenant_id_id_fk" FOREIGN KEY ("tenant_id","order_id") REFERENCES "public"."maintenance_work_orders"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "maintenance_order_numbers" ADD CONSTRAINT "maintenance_order_numbers_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "maintenance_plans" ADD CONSTRAINT "maintenance_plans_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "maintenance_plans" ADD CONSTRAINT "maintenance_plans_tenant_id_car_type_id_car_types_tenant_id_id_fk" FOREIGN KEY ("tenant_id","car_type_id") REFERENCES "public"."car_types"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "maintenance_plans" ADD CONSTRAINT "maintenance_plans_tenant_id_car_id_cars_tenant_id_id_fk" FOREIGN KEY ("tenant_id","car_id") REFERENCES "public"."cars"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "maintenance_work_orders" ADD CONSTRAINT "maintenance_work_orders_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "maintenance_work_orders" ADD CONSTRAINT "maintenance_work_orders_tenant_id_rent_id_rents_tenant_id_id_fk" FOREIGN KEY ("tenant_id","rent_id") REFERENCES "public"."rents"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "maintenance_work_orders" ADD CONSTRAINT "maintenance_work_orders_tenant_id_car_id_cars_tenant_id_id_fk" FOREIGN KEY ("tenant_id","car_id") REFERENCES "public"."cars"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "maintenance_work_orders" ADD CONSTRAINT "maintenance_work_orders_tenant_id_driver_id_drivers_tenant_id_id_fk" FOREIGN KEY ("tenant_id","driver_id") REFERENCES "public"."drivers"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "maintenance_work_orders" ADD CONSTRAINT "maintenance_work_orders_tenant_id_contract_id_rental_contracts_tenant_id_id_fk" FOREIGN KEY ("tenant_id","contract_id") REFERENCES "public"."rental_contracts"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "maintenance_work_orders" ADD CONSTRAINT "maintenance_work_orders_tenant_id_workshop_id_maintenance_workshops_tenant_id_id_fk" FOREIGN KEY ("tenant_id","workshop_id") REFERENCES "public"."maintenance_workshops"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "maintenance_work_orders" ADD CONSTRAINT "maintenance_work_orders_tenant_id_accident_id_accidents_tenant_id_id_fk" FOREIGN KEY ("tenant_id","accident_id") REFERENCES "public"."accidents"("tenant_id","id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "maintenance_work_orders" ADD CONSTRAINT "maintenance_work_orders_tenant_id_approval_request_id_approval_requests_tenant_id_id_fk" FOREIGN KEY ("tenant_id","approval_request_id") REFERENCES "public"."approval_requests"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "maintenance_work_orders" ADD CONSTRAINT "maintenance_work_orders_tenant_id_device_id_gps_devices_tenant_id_id_fk" FOREIGN KEY ("tenant_id","device_id") REFERENCES "public"."gps_devices"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "maintenance_work_orders" ADD CONSTRAINT "maintenance_work_orders_tenant_id_created_by_users_tenant_id_id_fk" FOREIGN KEY ("tenant_id","created_by") REFERENCES "public"."users"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "maintenance_workshop_users" ADD CONSTRAINT "maintenance_workshop_users_tenant_id_workshop_id_maintenance_workshops_tenant_id_id_fk" FOREIGN KEY ("tenant_id","workshop_id") REFERENCES "public"."maintenance_workshops"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "maintenance_workshop_users" ADD CONSTRAINT "maintenance_workshop_users_tenant_id_user_id_users_tenant_id_id_fk" FOREIGN KEY ("tenant_id","user_id") REFERENCES "public"."users"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "maintenance_workshops" ADD CONSTRAINT "maintenance_workshops_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "maintenance_workshops" ADD CONSTRAINT "maintenance_workshops_tenant_id_rent_id_rents_tenant_id_id_fk" FOREIGN KEY ("tenant_id","rent_id") REFERENCES "public"."rents"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "maintenance_due_list_ix" ON "maintenance_due" USING btree ("tenant_id","rent_id","due_on","car_id");--> statement-breakpoint
CREATE INDEX "maintenance_order_events_order_ix" ON "maintenance_order_events" USING btree ("tenant_id","order_id","id");--> statement-breakpoint
CREATE INDEX "maintenance_order_lines_order_ix" ON "maintenance_order_lines" USING btree ("tenant_id","order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "maintenance_plans_car_type_uq" ON "maintenance_plans" USING btree ("tenant_id","car_type_id") WHERE car_id is null;--> statement-breakpoint
CREATE UNIQUE INDEX "maintenance_plans_car_uq" ON "maintenance_plans" USING btree ("tenant_id","car_id") WHERE car_id is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "maintenance_work_orders_number_uq" ON "maintenance_work_orders" USING btree ("tenant_id","number");--> statement-breakpoint
CREATE INDEX "maintenance_work_orders_rent_ix" ON "maintenance_work_orders" USING btree ("tenant_id","rent_id","id");--> statement-breakpoint
CREATE INDEX "maintenance_work_orders_workshop_ix" ON "maintenance_work_orders" USING btree ("tenant_id","workshop_id","id");--> statement-breakpoint
CREATE INDEX "maintenance_work_orders_car_ix" ON "maintenance_work_orders" USING btree ("tenant_id","car_id","id");--> statement-breakpoint
CREATE INDEX "maintenance_workshop_users_workshop_ix" ON "maintenance_workshop_users" USING btree ("tenant_id","workshop_id");--> statement-breakpoint
CREATE UNIQUE INDEX "maintenance_workshops_name_uq" ON "maintenance_workshops" USING btree ("tenant_id","name");--> statement-breakpoint
ALTER TABLE "roles" ADD CONSTRAINT "roles_data_scope_ck" CHECK (data_scope in ('all', 'assigned', 'workshop'));--> statement-breakpoint
-- Hand SQL (not generated). A workshop sign-in is part of what a session carries (core/auth.ts reads the
-- workshop ids of a user whose role has data scope `workshop`): a change drops the tenant's cached sessions,
-- as the tables of migration 0007 do.
CREATE TRIGGER "maintenance_workshop_users_session" AFTER INSERT OR UPDATE OR DELETE ON "maintenance_workshop_users"
  FOR EACH ROW EXECUTE FUNCTION "announce_session_change"('tenant_id');--> statement-breakpoint
-- One table of work orders: the GPS install and repair orders (workMaintainOrder/create, migration 0014) become
-- maintenance work orders of kind gps_install / gps_repair, state reported, numbered WX + the day they were
-- created (the tenant's day) + their sequence in that day; the day's counter continues after them.
INSERT INTO "maintenance_work_orders" ("tenant_id", "number", "rent_id", "car_id", "kind", "state", "problem",
  "planned_start", "device_id", "address", "contact_name", "contact_phone", "appointment_at", "created_by",
  "created_at", "updated_at")
SELECT g."tenant_id",
  'WX' || to_char(g.day, 'YYYYMMDD') || lpad((row_number() OVER (PARTITION BY g."tenant_id", g.day ORDER BY g."id"))::text, 4, '0'),
  c."rent_id", g."car_id",
  CASE g."kind" WHEN 'install' THEN 'gps_install' ELSE 'gps_repair' END,
  'reported',
  coalesce(nullif(g."remark", ''), CASE g."kind" WHEN 'install' THEN '安装 GPS 设备' ELSE '维修 GPS 设备' END),
  coalesce((g."appointment_at" AT TIME ZONE t."time_zone")::date, g.day),
  g."device_id", g."address", g."contact_name", g."contact_phone", g."appointment_at", g."created_by",
  g."created_at", g."created_at"
FROM (SELECT w.*, (w."created_at" AT TIME ZONE tz."time_zone")::date AS day
        FROM "gps_work_orders" w JOIN "tenants" tz ON tz."id" = w."tenant_id") g
JOIN "tenants" t ON t."id" = g."tenant_id"
JOIN "cars" c ON c."tenant_id" = g."tenant_id" AND c."id" = g."car_id"
ORDER BY g."tenant_id", g."id";--> statement-breakpoint
INSERT INTO "maintenance_order_numbers" ("tenant_id", "day", "last")
SELECT "tenant_id", to_date(substr("number", 3, 8), 'YYYYMMDD'), count(*)::int
  FROM "maintenance_work_orders" GROUP BY 1, 2;--> statement-breakpoint
DROP TABLE "gps_work_orders" CASCADE;--> statement-breakpoint
-- The due list's totals (core/count-cache.ts) stay while the tenant's version stays: every statement that
-- changes maintenance_due bumps the version of each tenant it touched (the financing lists' pattern, 0038).
CREATE SEQUENCE "maintenance_due_version_seq";--> statement-breakpoint
CREATE FUNCTION "bump_maintenance_due_version"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "maintenance_due_versions" AS v ("tenant_id", "version")
    SELECT o, nextval('maintenance_due_version_seq')
      FROM (SELECT DISTINCT "tenant_id" AS o FROM "changed" ORDER BY 1) t
    ON CONFLICT ("tenant_id") DO UPDATE SET "version" = excluded."version";
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "maintenance_due_version_insert" AFTER INSERT ON "maintenance_due" REFERENCING NEW TABLE AS "changed" FOR EACH STATEMENT EXECUTE FUNCTION "bump_maintenance_due_version"();--> statement-breakpoint
CREATE TRIGGER "maintenance_due_version_update" AFTER UPDATE ON "maintenance_due" REFERENCING NEW TABLE AS "changed" FOR EACH STATEMENT EXECUTE FUNCTION "bump_maintenance_due_version"();--> statement-breakpoint
CREATE TRIGGER "maintenance_due_version_delete" AFTER DELETE ON "maintenance_due" REFERENCING OLD TABLE AS "changed" FOR EACH STATEMENT EXECUTE FUNCTION "bump_maintenance_due_version"();
--> statement-breakpoint
-- The due list in its order over several rents, the rent and overdue filters index-only (bench/maintenance.bench.mjs);
-- maintenance_due_list_ix serves one rent and the counts. Declared here only: drizzle's index builder has no INCLUDE.
CREATE INDEX "maintenance_due_day_ix" ON "maintenance_due" USING btree ("tenant_id","due_on","car_id")
  INCLUDE ("rent_id","next_due_on","next_due_km","current_km");
