CREATE TABLE "rental_temp_cars" (
	"tenant_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "rental_temp_cars_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"contract_id" bigint NOT NULL,
	"car_id" bigint NOT NULL,
	"from_date" date NOT NULL,
	"to_date" date NOT NULL,
	"reason" text NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"ended_at" timestamp with time zone,
	"created_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "rental_temp_cars_tenant_id_id_pk" PRIMARY KEY("tenant_id","id"),
	CONSTRAINT "rental_temp_cars_dates_ck" CHECK (to_date >= from_date)
);
--> statement-breakpoint
DROP INDEX "rental_contracts_live_car_uq";--> statement-breakpoint
ALTER TABLE "rental_contracts" ADD COLUMN "origin" text DEFAULT 'new' NOT NULL;--> statement-breakpoint
ALTER TABLE "rental_contracts" ADD COLUMN "previous_id" bigint;--> statement-breakpoint
ALTER TABLE "rental_temp_cars" ADD CONSTRAINT "rental_temp_cars_tenant_id_contract_id_rental_contracts_tenant_id_id_fk" FOREIGN KEY ("tenant_id","contract_id") REFERENCES "public"."rental_contracts"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rental_temp_cars" ADD CONSTRAINT "rental_temp_cars_tenant_id_car_id_cars_tenant_id_id_fk" FOREIGN KEY ("tenant_id","car_id") REFERENCES "public"."cars"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "rental_temp_cars_contract_ix" ON "rental_temp_cars" USING btree ("tenant_id","contract_id","id");--> statement-breakpoint
CREATE INDEX "rental_temp_cars_car_ix" ON "rental_temp_cars" USING btree ("tenant_id","car_id","from_date");--> statement-breakpoint
CREATE UNIQUE INDEX "rental_temp_cars_active_uq" ON "rental_temp_cars" USING btree ("tenant_id","car_id") WHERE active;--> statement-breakpoint
CREATE UNIQUE INDEX "rental_contracts_live_next_uq" ON "rental_contracts" USING btree ("tenant_id","previous_id") WHERE previous_id is not null and state in ('pending', 'signed');--> statement-breakpoint
CREATE INDEX "rental_contracts_group_ix" ON "rental_contracts" USING btree ("tenant_id","group_no","group_seq");--> statement-breakpoint
CREATE UNIQUE INDEX "rental_contracts_live_car_uq" ON "rental_contracts" USING btree ("tenant_id","car_id") WHERE state in ('pending', 'signed') and origin <> 'renewal';--> statement-breakpoint
ALTER TABLE "rental_contracts" ADD CONSTRAINT "rental_contracts_origin_ck" CHECK (origin in ('new', 'renewal', 'carChange'));