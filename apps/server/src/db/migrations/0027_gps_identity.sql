ALTER TABLE "gps_events" DROP CONSTRAINT "gps_events_type_ck";--> statement-breakpoint
ALTER TABLE "gps_devices" ADD COLUMN "terminal_imei" text;--> statement-breakpoint
ALTER TABLE "gps_devices" ADD COLUMN "osmand_key_hash" text;--> statement-breakpoint
ALTER TABLE "gps_devices" ADD COLUMN "rejected_future" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "gps_devices" ADD COLUMN "rejected_range" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "gps_devices" ADD COLUMN "rejected_at" timestamp with time zone;--> statement-breakpoint
CREATE UNIQUE INDEX "gps_devices_osmand_key_uq" ON "gps_devices" USING btree ("osmand_key_hash") WHERE "gps_devices"."osmand_key_hash" is not null;--> statement-breakpoint
ALTER TABLE "gps_events" ADD CONSTRAINT "gps_events_type_ck" CHECK (type in ('online', 'offline', 'ignitionOn', 'ignitionOff', 'overspeed', 'powerCut', 'sos', 'tamper', 'vibration', 'lowBattery', 'geofenceEnter', 'geofenceExit', 'identity'));--> statement-breakpoint
-- Hand-written: a live position whose fix time lies in the future froze the car on the map (later, real positions
-- are older); such rows go, and the next position received takes their place (docs/gps.md, Sanity checks).
DELETE FROM "gps_last_positions" WHERE "fix_time" > now() + interval '5 minutes';