ALTER TABLE "rental_temp_cars" ADD COLUMN "state" text DEFAULT 'inUse' NOT NULL;--> statement-breakpoint
ALTER TABLE "rental_temp_cars" ADD COLUMN "usage_period_id" bigint;--> statement-breakpoint
ALTER TABLE "rental_temp_cars" ADD CONSTRAINT "rental_temp_cars_state_ck" CHECK (state in ('booked', 'inUse', 'ended', 'cancelled'));--> statement-breakpoint
UPDATE "rental_temp_cars" SET "state" = 'ended' WHERE NOT "active";
