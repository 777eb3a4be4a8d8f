-- A returned car waits in 'preparing' (待整备) until it is declared ready (issue 15: rented -> pending preparation
-- after the return).
ALTER TABLE "cars" DROP CONSTRAINT "cars_status_ck";--> statement-breakpoint
ALTER TABLE "cars" ADD CONSTRAINT "cars_status_ck" CHECK (status in ('idle', 'rented', 'preparing', 'maintenance', 'reserved', 'off_fleet', 'sold', 'scrapped'));
