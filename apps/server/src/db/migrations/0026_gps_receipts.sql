CREATE TABLE "gps_alarm_notices" (
	"tenant_id" bigint NOT NULL,
	"device_id" bigint NOT NULL,
	"type" text NOT NULL,
	"last_at" timestamp with time zone NOT NULL,
	CONSTRAINT "gps_alarm_notices_tenant_id_device_id_type_pk" PRIMARY KEY("tenant_id","device_id","type")
);
--> statement-breakpoint
CREATE TABLE "gps_receipt_devices" (
	"tenant_id" bigint NOT NULL,
	"receipt_id" bigint NOT NULL,
	"device_id" bigint NOT NULL,
	"imei" text NOT NULL,
	"pending" boolean DEFAULT true NOT NULL,
	CONSTRAINT "gps_receipt_devices_tenant_id_receipt_id_device_id_pk" PRIMARY KEY("tenant_id","receipt_id","device_id")
);
--> statement-breakpoint
CREATE TABLE "gps_receipts" (
	"tenant_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "gps_receipts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"number" text NOT NULL,
	"kind" text NOT NULL,
	"from_rent_id" bigint NOT NULL,
	"to_rent_id" bigint NOT NULL,
	"source_id" bigint,
	"state" text DEFAULT 'pending' NOT NULL,
	"note" text,
	"express_no" text,
	"created_by" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"received_by" bigint,
	"received_at" timestamp with time zone,
	"cancelled_by" bigint,
	"cancelled_at" timestamp with time zone,
	CONSTRAINT "gps_receipts_tenant_id_id_pk" PRIMARY KEY("tenant_id","id"),
	CONSTRAINT "gps_receipts_kind_ck" CHECK (kind in ('a2b', 'b2a')),
	CONSTRAINT "gps_receipts_state_ck" CHECK (state in ('pending', 'received', 'cancelled')),
	CONSTRAINT "gps_receipts_rents_ck" CHECK ("gps_receipts"."from_rent_id" <> "gps_receipts"."to_rent_id")
);
--> statement-breakpoint
ALTER TABLE "gps_geofences" ADD COLUMN "speed_limit_kmh" integer;--> statement-breakpoint
ALTER TABLE "car_types" ADD COLUMN "overspeed_kmh" integer;--> statement-breakpoint
ALTER TABLE "gps_alarm_notices" ADD CONSTRAINT "gps_alarm_notices_tenant_id_device_id_gps_devices_tenant_id_id_fk" FOREIGN KEY ("tenant_id","device_id") REFERENCES "public"."gps_devices"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gps_receipt_devices" ADD CONSTRAINT "gps_receipt_devices_tenant_id_receipt_id_gps_receipts_tenant_id_id_fk" FOREIGN KEY ("tenant_id","receipt_id") REFERENCES "public"."gps_receipts"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gps_receipt_devices" ADD CONSTRAINT "gps_receipt_devices_tenant_id_device_id_gps_devices_tenant_id_id_fk" FOREIGN KEY ("tenant_id","device_id") REFERENCES "public"."gps_devices"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gps_receipts" ADD CONSTRAINT "gps_receipts_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gps_receipts" ADD CONSTRAINT "gps_receipts_tenant_id_from_rent_id_rents_tenant_id_id_fk" FOREIGN KEY ("tenant_id","from_rent_id") REFERENCES "public"."rents"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gps_receipts" ADD CONSTRAINT "gps_receipts_tenant_id_to_rent_id_rents_tenant_id_id_fk" FOREIGN KEY ("tenant_id","to_rent_id") REFERENCES "public"."rents"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gps_receipts" ADD CONSTRAINT "gps_receipts_tenant_id_created_by_users_tenant_id_id_fk" FOREIGN KEY ("tenant_id","created_by") REFERENCES "public"."users"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gps_receipts" ADD CONSTRAINT "gps_receipts_tenant_id_source_id_gps_receipts_tenant_id_id_fk" FOREIGN KEY ("tenant_id","source_id") REFERENCES "public"."gps_receipts"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "gps_receipt_devices_lock_uq" ON "gps_receipt_devices" USING btree ("tenant_id","device_id") WHERE "gps_receipt_devices"."pending";--> statement-breakpoint
CREATE UNIQUE INDEX "gps_receipts_number_uq" ON "gps_receipts" USING btree ("tenant_id","number");--> statement-breakpoint
CREATE INDEX "gps_receipts_from_ix" ON "gps_receipts" USING btree ("tenant_id","from_rent_id","id");--> statement-breakpoint
CREATE INDEX "gps_receipts_to_ix" ON "gps_receipts" USING btree ("tenant_id","to_rent_id","id");