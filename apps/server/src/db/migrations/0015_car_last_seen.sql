DROP INDEX "cars_gps_ix";--> statement-breakpoint
ALTER TABLE "cars" DROP COLUMN "gps_last_seen_at";