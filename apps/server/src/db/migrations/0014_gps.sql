CREATE TABLE "gps_device_binds" (
	"tenant_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "gps_device_binds_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"device_id" bigint NOT NULL,
	"imei" text NOT NULL,
	"car_id" bigint NOT NULL,
	"plate" text NOT NULL,
	"action" text NOT NULL,
	"remark" text,
	"user_id" bigint,
	"at" timestamp with time zone NOT NULL,
	CONSTRAINT "gps_device_binds_tenant_id_id_pk" PRIMARY KEY("tenant_id","id"),
	CONSTRAINT "gps_device_binds_action_ck" CHECK (action in ('bind', 'unbind'))
);
--> statement-breakpoint
CREATE TABLE "gps_devices" (
	"tenant_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "gps_devices_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"imei" text NOT NULL,
	"model" text DEFAULT '' NOT NULL,
	"protocol" text DEFAULT 'jt808' NOT NULL,
	"sim" text,
	"rent_id" bigint NOT NULL,
	"car_id" bigint,
	"is_default" boolean DEFAULT false NOT NULL,
	"user_id" bigint,
	"installed_at" timestamp with time zone,
	"installer" text,
	"install_position" text,
	"remark" text,
	"auth_code" text,
	"registered_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "gps_devices_tenant_id_id_pk" PRIMARY KEY("tenant_id","id"),
	CONSTRAINT "gps_devices_protocol_ck" CHECK (protocol in ('jt808', 'osmand'))
);
--> statement-breakpoint
CREATE TABLE "gps_last_positions" (
	"tenant_id" bigint NOT NULL,
	"device_id" bigint NOT NULL,
	"fix_time" timestamp with time zone NOT NULL,
	"server_time" timestamp with time zone NOT NULL,
	"lat" double precision NOT NULL,
	"lon" double precision NOT NULL,
	"altitude" real DEFAULT 0 NOT NULL,
	"speed" real DEFAULT 0 NOT NULL,
	"course" integer DEFAULT 0 NOT NULL,
	"valid" boolean DEFAULT true NOT NULL,
	"ignition" boolean,
	"alarm" integer DEFAULT 0 NOT NULL,
	"status" integer DEFAULT 0 NOT NULL,
	"odometer" double precision,
	"satellites" integer,
	"archived" boolean DEFAULT false NOT NULL,
	"attributes" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "gps_last_positions_tenant_id_device_id_pk" PRIMARY KEY("tenant_id","device_id")
);
--> statement-breakpoint
CREATE TABLE "gps_positions" (
	"tenant_id" bigint NOT NULL,
	"device_id" bigint NOT NULL,
	"fix_time" timestamp with time zone NOT NULL,
	"server_time" timestamp with time zone NOT NULL,
	"lat" double precision NOT NULL,
	"lon" double precision NOT NULL,
	"altitude" real DEFAULT 0 NOT NULL,
	"speed" real DEFAULT 0 NOT NULL,
	"course" integer DEFAULT 0 NOT NULL,
	"valid" boolean DEFAULT true NOT NULL,
	"ignition" boolean,
	"alarm" integer DEFAULT 0 NOT NULL,
	"status" integer DEFAULT 0 NOT NULL,
	"odometer" double precision,
	"satellites" integer,
	"archived" boolean DEFAULT false NOT NULL,
	"attributes" jsonb DEFAULT '{}'::jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "gps_work_orders" (
	"tenant_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "gps_work_orders_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"kind" text NOT NULL,
	"car_id" bigint NOT NULL,
	"device_id" bigint,
	"address" text NOT NULL,
	"contact_name" text NOT NULL,
	"contact_phone" text NOT NULL,
	"appointment_at" timestamp with time zone,
	"remark" text,
	"status" text DEFAULT 'open' NOT NULL,
	"created_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "gps_work_orders_tenant_id_id_pk" PRIMARY KEY("tenant_id","id"),
	CONSTRAINT "gps_work_orders_kind_ck" CHECK (kind in ('install', 'repair'))
);
--> statement-breakpoint
ALTER TABLE "gps_device_binds" ADD CONSTRAINT "gps_device_binds_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gps_devices" ADD CONSTRAINT "gps_devices_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gps_devices" ADD CONSTRAINT "gps_devices_tenant_id_rent_id_rents_tenant_id_id_fk" FOREIGN KEY ("tenant_id","rent_id") REFERENCES "public"."rents"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gps_devices" ADD CONSTRAINT "gps_devices_tenant_id_car_id_cars_tenant_id_id_fk" FOREIGN KEY ("tenant_id","car_id") REFERENCES "public"."cars"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gps_devices" ADD CONSTRAINT "gps_devices_tenant_id_user_id_users_tenant_id_id_fk" FOREIGN KEY ("tenant_id","user_id") REFERENCES "public"."users"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gps_last_positions" ADD CONSTRAINT "gps_last_positions_tenant_id_device_id_gps_devices_tenant_id_id_fk" FOREIGN KEY ("tenant_id","device_id") REFERENCES "public"."gps_devices"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gps_work_orders" ADD CONSTRAINT "gps_work_orders_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gps_work_orders" ADD CONSTRAINT "gps_work_orders_tenant_id_car_id_cars_tenant_id_id_fk" FOREIGN KEY ("tenant_id","car_id") REFERENCES "public"."cars"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "gps_device_binds_device_ix" ON "gps_device_binds" USING btree ("tenant_id","device_id","at");--> statement-breakpoint
CREATE INDEX "gps_device_binds_car_ix" ON "gps_device_binds" USING btree ("tenant_id","car_id","at");--> statement-breakpoint
CREATE UNIQUE INDEX "gps_devices_imei_uq" ON "gps_devices" USING btree ("imei");--> statement-breakpoint
CREATE UNIQUE INDEX "gps_devices_default_uq" ON "gps_devices" USING btree ("tenant_id","car_id") WHERE "gps_devices"."is_default";--> statement-breakpoint
CREATE INDEX "gps_devices_car_ix" ON "gps_devices" USING btree ("tenant_id","car_id");--> statement-breakpoint
CREATE INDEX "gps_devices_rent_ix" ON "gps_devices" USING btree ("tenant_id","rent_id","id");--> statement-breakpoint
CREATE INDEX "gps_positions_device_time_ix" ON "gps_positions" USING btree ("tenant_id","device_id","fix_time");--> statement-breakpoint
-- hand-written below
-- PostgreSQL: positions partitioned by month of fix_time (the maintenance job creates the months ahead and drops
-- those past GPS_RETENTION_MONTHS; a row outside every month lands in the default partition). PGlite keeps the
-- plain table created above.
DO $$
BEGIN
  IF version() NOT LIKE '%PGlite%' THEN
    ALTER TABLE "gps_positions" RENAME TO "gps_positions_template";
    CREATE TABLE "gps_positions" (LIKE "gps_positions_template" INCLUDING DEFAULTS INCLUDING CONSTRAINTS)
      PARTITION BY RANGE ("fix_time");
    DROP TABLE "gps_positions_template";
    CREATE INDEX "gps_positions_device_time_ix" ON "gps_positions" USING btree ("tenant_id","device_id","fix_time");
    CREATE TABLE "gps_positions_default" PARTITION OF "gps_positions" DEFAULT;
  END IF;
END $$;
