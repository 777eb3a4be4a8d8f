CREATE TABLE "gps_risk_cases" (
	"tenant_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "gps_risk_cases_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"rent_id" bigint NOT NULL,
	"car_id" bigint NOT NULL,
	"device_id" bigint,
	"driver_id" bigint,
	"contract_id" bigint,
	"rule" text NOT NULL,
	"state" text DEFAULT 'open' NOT NULL,
	"evidence" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"approval_id" bigint,
	"command_id" bigint,
	"close_reason" text,
	"close_note" text,
	"raised_at" timestamp with time zone NOT NULL,
	"closed_at" timestamp with time zone,
	"closed_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "gps_risk_cases_tenant_id_id_pk" PRIMARY KEY("tenant_id","id"),
	CONSTRAINT "gps_risk_cases_rule_ck" CHECK (rule in ('geofenceExitOverdue', 'powerCutRented', 'tamperRented', 'silentRented')),
	CONSTRAINT "gps_risk_cases_state_ck" CHECK (state in ('open', 'fuelCutProposed', 'fuelCutApproved', 'fuelCutSent', 'fuelCutDone', 'fuelCutRejected', 'closed')),
	CONSTRAINT "gps_risk_cases_close_ck" CHECK (close_reason is null or close_reason in ('debtPaid', 'carRecovered', 'dismissed'))
);
--> statement-breakpoint
CREATE TABLE "gps_risk_steps" (
	"tenant_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "gps_risk_steps_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"case_id" bigint NOT NULL,
	"kind" text NOT NULL,
	"actor_id" bigint,
	"note" text,
	"data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"at" timestamp with time zone NOT NULL,
	CONSTRAINT "gps_risk_steps_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
ALTER TABLE "gps_risk_cases" ADD CONSTRAINT "gps_risk_cases_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gps_risk_steps" ADD CONSTRAINT "gps_risk_steps_tenant_id_case_id_gps_risk_cases_tenant_id_id_fk" FOREIGN KEY ("tenant_id","case_id") REFERENCES "public"."gps_risk_cases"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "gps_risk_cases_open_car_ux" ON "gps_risk_cases" USING btree ("tenant_id","car_id") WHERE "gps_risk_cases"."state" <> 'closed';--> statement-breakpoint
CREATE INDEX "gps_risk_cases_rent_ix" ON "gps_risk_cases" USING btree ("tenant_id","rent_id","state","id");--> statement-breakpoint
CREATE INDEX "gps_risk_steps_case_ix" ON "gps_risk_steps" USING btree ("tenant_id","case_id","id");