CREATE TABLE "gps_device_geofences" (
	"tenant_id" bigint NOT NULL,
	"geofence_id" bigint NOT NULL,
	"device_id" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "gps_device_geofences_tenant_id_geofence_id_device_id_pk" PRIMARY KEY("tenant_id","geofence_id","device_id")
);
--> statement-breakpoint
CREATE TABLE "gps_event_states" (
	"tenant_id" bigint NOT NULL,
	"device_id" bigint NOT NULL,
	"fix_time" timestamp with time zone,
	"server_time" timestamp with time zone,
	"ignition" boolean,
	"active_alarms" text[] DEFAULT '{}'::text[] NOT NULL,
	"overspeed_since" timestamp with time zone,
	"overspeed_raised" boolean DEFAULT false NOT NULL,
	"online" boolean DEFAULT false NOT NULL,
	"geofence_ids" bigint[] DEFAULT '{}'::int8[] NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "gps_event_states_tenant_id_device_id_pk" PRIMARY KEY("tenant_id","device_id")
);
--> statement-breakpoint
CREATE TABLE "gps_events" (
	"tenant_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "gps_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"device_id" bigint NOT NULL,
	"rent_id" bigint NOT NULL,
	"car_id" bigint,
	"type" text NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"lat" double precision,
	"lon" double precision,
	"speed" real,
	"geofence_id" bigint,
	"attributes" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"alarm_status" text,
	"handled_by" bigint,
	"handled_at" timestamp with time zone,
	"note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "gps_events_tenant_id_id_pk" PRIMARY KEY("tenant_id","id"),
	CONSTRAINT "gps_events_type_ck" CHECK (type in ('online', 'offline', 'ignitionOn', 'ignitionOff', 'overspeed', 'powerCut', 'sos', 'tamper', 'vibration', 'lowBattery', 'geofenceEnter', 'geofenceExit')),
	CONSTRAINT "gps_events_alarm_status_ck" CHECK (alarm_status is null or alarm_status in ('unhandled', 'handled', 'ignored'))
);
--> statement-breakpoint
CREATE TABLE "gps_geofences" (
	"tenant_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "gps_geofences_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"rent_id" bigint NOT NULL,
	"name" text NOT NULL,
	"kind" text NOT NULL,
	"points" jsonb NOT NULL,
	"radius" real,
	"min_lat" double precision NOT NULL,
	"min_lon" double precision NOT NULL,
	"max_lat" double precision NOT NULL,
	"max_lon" double precision NOT NULL,
	"alarm_on_enter" boolean DEFAULT false NOT NULL,
	"alarm_on_exit" boolean DEFAULT true NOT NULL,
	"remark" text,
	"created_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "gps_geofences_tenant_id_id_pk" PRIMARY KEY("tenant_id","id"),
	CONSTRAINT "gps_geofences_kind_ck" CHECK (kind in ('circle', 'polygon', 'polyline'))
);
--> statement-breakpoint
ALTER TABLE "gps_device_geofences" ADD CONSTRAINT "gps_device_geofences_tenant_id_geofence_id_gps_geofences_tenant_id_id_fk" FOREIGN KEY ("tenant_id","geofence_id") REFERENCES "public"."gps_geofences"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gps_device_geofences" ADD CONSTRAINT "gps_device_geofences_tenant_id_device_id_gps_devices_tenant_id_id_fk" FOREIGN KEY ("tenant_id","device_id") REFERENCES "public"."gps_devices"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gps_event_states" ADD CONSTRAINT "gps_event_states_tenant_id_device_id_gps_devices_tenant_id_id_fk" FOREIGN KEY ("tenant_id","device_id") REFERENCES "public"."gps_devices"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gps_events" ADD CONSTRAINT "gps_events_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gps_events" ADD CONSTRAINT "gps_events_tenant_id_device_id_gps_devices_tenant_id_id_fk" FOREIGN KEY ("tenant_id","device_id") REFERENCES "public"."gps_devices"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gps_geofences" ADD CONSTRAINT "gps_geofences_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "gps_device_geofences_device_ix" ON "gps_device_geofences" USING btree ("tenant_id","device_id");--> statement-breakpoint
CREATE INDEX "gps_events_device_ix" ON "gps_events" USING btree ("tenant_id","device_id","at");--> statement-breakpoint
CREATE INDEX "gps_events_alarm_ix" ON "gps_events" USING btree ("tenant_id","alarm_status","at") WHERE "gps_events"."alarm_status" is not null;--> statement-breakpoint
CREATE INDEX "gps_geofences_bbox_ix" ON "gps_geofences" USING btree ("tenant_id","min_lat","max_lat","min_lon","max_lon");