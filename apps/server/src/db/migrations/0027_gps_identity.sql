ALTER TABLE "gps_events" DROP CONSTRAINT "gps_events_type_ck";--> statement-breakpoint
ALTER TABLE "gps_devices" ADD COLUMN "terminal_imei" text;--> statement-breakpoint
ALTER TABLE "gps_devices" ADD COLUMN "osmand_key_hash" text;--> statement-breakpoint
ALTER TABLE "gps_devices" ADD COLUMN "rejected_future" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "gps_devices" ADD COLUMN "rejected_range" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "gps_devices" ADD COLUMN "rejected_at" timestamp with time zone;--> statement-breakpoint
CREATE UNIQUE INDEX "gps_devices_osmand_key_uq" ON "gps_devices" USING btree ("osmand_key_hash") WHERE "gps_devices"."osmand_key_hash" is not null;--> statement-breakpoint
ALTER TABLE "gps_events" ADD CONSTRAINT "gps_events_type_ck" CHECK (type in ('online', 'offline', 'ignitionOn', 'ignitionOff', 'overspeed', 'powerCut', 'sos', 'tamper', 'vibration', 'lowBattery', 'geofenceEnter', 'geofenceExit', 'identity'));