CREATE TABLE "accident_events" (
	"tenant_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "accident_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"accident_id" bigint NOT NULL,
	"from_state" text,
	"to_state" text NOT NULL,
	"remark" text,
	"user_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "accident_events_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "accidents" (
	"tenant_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "accidents_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"car_id" bigint NOT NULL,
	"driver_id" bigint,
	"occurred_at" timestamp with time zone NOT NULL,
	"place" text NOT NULL,
	"description" text NOT NULL,
	"responsibility" text NOT NULL,
	"damage" text,
	"injuries" boolean DEFAULT false NOT NULL,
	"photos" text[] DEFAULT '{}'::text[] NOT NULL,
	"insurer_code" text,
	"claim_no" text,
	"claim_state" text DEFAULT 'none' NOT NULL,
	"repair_cost_fen" bigint,
	"settled_fen" bigint,
	"state" text DEFAULT 'reported' NOT NULL,
	"remark" text,
	"created_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "accidents_tenant_id_id_pk" PRIMARY KEY("tenant_id","id"),
	CONSTRAINT "accidents_state_ck" CHECK (state in ('reported', 'assessing', 'repairing', 'claimed', 'settled', 'closed', 'cancelled')),
	CONSTRAINT "accidents_responsibility_ck" CHECK (responsibility in ('full', 'major', 'equal', 'minor', 'none')),
	CONSTRAINT "accidents_claim_state_ck" CHECK (claim_state in ('none', 'filed', 'approved', 'rejected', 'paid'))
);
--> statement-breakpoint
CREATE TABLE "car_inspections" (
	"tenant_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "car_inspections_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"car_id" bigint NOT NULL,
	"inspected_on" date NOT NULL,
	"result" text NOT NULL,
	"next_due" date,
	"station" text,
	"cost_fen" bigint,
	"images" text[] DEFAULT '{}'::text[] NOT NULL,
	"remark" text,
	"created_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "car_inspections_tenant_id_id_pk" PRIMARY KEY("tenant_id","id"),
	CONSTRAINT "car_inspections_result_ck" CHECK (result in ('passed', 'failed'))
);
--> statement-breakpoint
CREATE TABLE "car_licenses" (
	"tenant_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "car_licenses_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"car_id" bigint NOT NULL,
	"kind" text NOT NULL,
	"number" text NOT NULL,
	"issuer" text,
	"issue_date" date,
	"expiry_date" date,
	"images" text[] DEFAULT '{}'::text[] NOT NULL,
	"remark" text,
	"created_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "car_licenses_tenant_id_id_pk" PRIMARY KEY("tenant_id","id"),
	CONSTRAINT "car_licenses_kind_ck" CHECK (kind in ('vehicle', 'transport'))
);
--> statement-breakpoint
CREATE TABLE "insurance_policies" (
	"tenant_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "insurance_policies_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"car_id" bigint NOT NULL,
	"kind" text NOT NULL,
	"company_code" text NOT NULL,
	"policy_no" text NOT NULL,
	"start_date" date NOT NULL,
	"end_date" date NOT NULL,
	"premium_fen" bigint NOT NULL,
	"coverage" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"images" text[] DEFAULT '{}'::text[] NOT NULL,
	"remark" text,
	"created_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "insurance_policies_tenant_id_id_pk" PRIMARY KEY("tenant_id","id"),
	CONSTRAINT "insurance_policies_kind_ck" CHECK (kind in ('compulsory', 'commercial')),
	CONSTRAINT "insurance_policies_period_ck" CHECK (end_date > start_date),
	CONSTRAINT "insurance_policies_premium_ck" CHECK (premium_fen >= 0)
);
--> statement-breakpoint
CREATE TABLE "vehicle_reminders" (
	"tenant_id" bigint NOT NULL,
	"source" text NOT NULL,
	"ref" text NOT NULL,
	"due_date" date NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "vehicle_reminders_tenant_id_source_ref_due_date_pk" PRIMARY KEY("tenant_id","source","ref","due_date")
);
--> statement-breakpoint
ALTER TABLE "accident_events" ADD CONSTRAINT "accident_events_tenant_id_accident_id_accidents_tenant_id_id_fk" FOREIGN KEY ("tenant_id","accident_id") REFERENCES "public"."accidents"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "accident_events" ADD CONSTRAINT "accident_events_tenant_id_user_id_users_tenant_id_id_fk" FOREIGN KEY ("tenant_id","user_id") REFERENCES "public"."users"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "accidents" ADD CONSTRAINT "accidents_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "accidents" ADD CONSTRAINT "accidents_tenant_id_car_id_cars_tenant_id_id_fk" FOREIGN KEY ("tenant_id","car_id") REFERENCES "public"."cars"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "accidents" ADD CONSTRAINT "accidents_tenant_id_driver_id_drivers_tenant_id_id_fk" FOREIGN KEY ("tenant_id","driver_id") REFERENCES "public"."drivers"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "car_inspections" ADD CONSTRAINT "car_inspections_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "car_inspections" ADD CONSTRAINT "car_inspections_tenant_id_car_id_cars_tenant_id_id_fk" FOREIGN KEY ("tenant_id","car_id") REFERENCES "public"."cars"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "car_licenses" ADD CONSTRAINT "car_licenses_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "car_licenses" ADD CONSTRAINT "car_licenses_tenant_id_car_id_cars_tenant_id_id_fk" FOREIGN KEY ("tenant_id","car_id") REFERENCES "public"."cars"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "insurance_policies" ADD CONSTRAINT "insurance_policies_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "insurance_policies" ADD CONSTRAINT "insurance_policies_tenant_id_car_id_cars_tenant_id_id_fk" FOREIGN KEY ("tenant_id","car_id") REFERENCES "public"."cars"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vehicle_reminders" ADD CONSTRAINT "vehicle_reminders_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "accident_events_accident_ix" ON "accident_events" USING btree ("tenant_id","accident_id");--> statement-breakpoint
CREATE INDEX "accidents_occurred_ix" ON "accidents" USING btree ("tenant_id","occurred_at");--> statement-breakpoint
CREATE INDEX "accidents_car_ix" ON "accidents" USING btree ("tenant_id","car_id");--> statement-breakpoint
CREATE INDEX "accidents_driver_ix" ON "accidents" USING btree ("tenant_id","driver_id");--> statement-breakpoint
CREATE INDEX "car_inspections_car_ix" ON "car_inspections" USING btree ("tenant_id","car_id","inspected_on");--> statement-breakpoint
CREATE UNIQUE INDEX "car_licenses_car_kind_uq" ON "car_licenses" USING btree ("tenant_id","car_id","kind");--> statement-breakpoint
CREATE INDEX "car_licenses_expiry_ix" ON "car_licenses" USING btree ("tenant_id","expiry_date");--> statement-breakpoint
CREATE UNIQUE INDEX "insurance_policies_no_uq" ON "insurance_policies" USING btree ("tenant_id","company_code","policy_no");--> statement-breakpoint
CREATE INDEX "insurance_policies_car_ix" ON "insurance_policies" USING btree ("tenant_id","car_id","kind","end_date");--> statement-breakpoint
CREATE INDEX "insurance_policies_end_ix" ON "insurance_policies" USING btree ("tenant_id","end_date");