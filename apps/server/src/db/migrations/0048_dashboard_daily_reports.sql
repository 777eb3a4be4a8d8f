CREATE TABLE "rental_report_days" (
	"tenant_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "rental_report_days_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"rent_id" bigint,
	"day" date NOT NULL,
	"fleet" integer DEFAULT 0 NOT NULL,
	"rented" integer DEFAULT 0 NOT NULL,
	"idle" integer DEFAULT 0 NOT NULL,
	"maintenance" integer DEFAULT 0 NOT NULL,
	"receivable_rent_fen" bigint DEFAULT 0 NOT NULL,
	"receivable_deposit_fen" bigint DEFAULT 0 NOT NULL,
	"receivable_other_fen" bigint DEFAULT 0 NOT NULL,
	"received_rent_fen" bigint DEFAULT 0 NOT NULL,
	"received_deposit_fen" bigint DEFAULT 0 NOT NULL,
	"received_other_fen" bigint DEFAULT 0 NOT NULL,
	"refunded_fen" bigint DEFAULT 0 NOT NULL,
	"new_contracts" integer DEFAULT 0 NOT NULL,
	"dispatches" integer DEFAULT 0 NOT NULL,
	"returns" integer DEFAULT 0 NOT NULL,
	"new_leads" integer DEFAULT 0 NOT NULL,
	"conversions" integer DEFAULT 0 NOT NULL,
	"cost_expense_fen" bigint DEFAULT 0 NOT NULL,
	"cost_maintenance_fen" bigint DEFAULT 0 NOT NULL,
	"cost_insurance_fen" bigint DEFAULT 0 NOT NULL,
	"cost_accident_fen" bigint DEFAULT 0 NOT NULL,
	"cost_violation_fen" bigint DEFAULT 0 NOT NULL,
	"cost_gps_fen" bigint DEFAULT 0 NOT NULL,
	"cost_other_fen" bigint DEFAULT 0 NOT NULL,
	"computed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "rental_report_days_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
ALTER TABLE "rental_report_days" ADD CONSTRAINT "rental_report_days_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rental_report_days" ADD CONSTRAINT "rental_report_days_tenant_id_rent_id_rents_tenant_id_id_fk" FOREIGN KEY ("tenant_id","rent_id") REFERENCES "public"."rents"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "rental_report_days_day_uq" ON "rental_report_days" USING btree ("tenant_id","day",coalesce(rent_id, 0));