ALTER TABLE "car_models" ALTER COLUMN "battery_kwh" SET DATA TYPE numeric(6, 2);--> statement-breakpoint
ALTER TABLE "cars" ALTER COLUMN "battery_kwh" SET DATA TYPE numeric(6, 2);