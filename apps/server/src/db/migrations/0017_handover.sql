CREATE TABLE "car_usage_periods" (
	"tenant_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "car_usage_periods_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"car_id" bigint NOT NULL,
	"contract_id" bigint NOT NULL,
	"driver_id" bigint NOT NULL,
	"rent_id" bigint NOT NULL,
	"from_at" timestamp with time zone NOT NULL,
	"to_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "car_usage_periods_tenant_id_id_pk" PRIMARY KEY("tenant_id","id"),
	CONSTRAINT "car_usage_periods_range_ck" CHECK (to_at is null or to_at > from_at)
);
--> statement-breakpoint
CREATE TABLE "handover_inspections" (
	"tenant_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "handover_inspections_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"contract_id" bigint NOT NULL,
	"car_id" bigint NOT NULL,
	"rent_id" bigint NOT NULL,
	"kind" text NOT NULL,
	"inspected_at" timestamp with time zone NOT NULL,
	"mileage_km" integer NOT NULL,
	"energy_level" integer NOT NULL,
	"documents" jsonb NOT NULL,
	"damage_marks" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"photos" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"inspector_id" bigint NOT NULL,
	"damage_deduction_fen" bigint DEFAULT 0 NOT NULL,
	"remark" text,
	"created_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "handover_inspections_tenant_id_id_pk" PRIMARY KEY("tenant_id","id"),
	CONSTRAINT "handover_inspections_kind_ck" CHECK (kind in ('dispatch', 'return')),
	CONSTRAINT "handover_inspections_values_ck" CHECK (mileage_km >= 0 and energy_level between 0 and 100),
	CONSTRAINT "handover_inspections_deduction_ck" CHECK (damage_deduction_fen >= 0)
);
--> statement-breakpoint
CREATE TABLE "rental_settlements" (
	"tenant_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "rental_settlements_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"contract_id" bigint NOT NULL,
	"rent_id" bigint NOT NULL,
	"state" text DEFAULT 'draft' NOT NULL,
	"deposit_received_fen" bigint NOT NULL,
	"deductions" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"deductions_fen" bigint NOT NULL,
	"owed_back_fen" bigint DEFAULT 0 NOT NULL,
	"owed_back_note" text,
	"result_fen" bigint NOT NULL,
	"void_remaining" boolean DEFAULT false NOT NULL,
	"remark" text,
	"approval_id" bigint,
	"line_id" bigint,
	"locked_at" timestamp with time zone,
	"created_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "rental_settlements_tenant_id_id_pk" PRIMARY KEY("tenant_id","id"),
	CONSTRAINT "rental_settlements_state_ck" CHECK (state in ('draft', 'pending', 'approved', 'rejected', 'withdrawn')),
	CONSTRAINT "rental_settlements_result_ck" CHECK (result_fen = -deposit_received_fen + deductions_fen - owed_back_fen)
);
--> statement-breakpoint
ALTER TABLE "violations" ADD COLUMN "usage_period_id" bigint;--> statement-breakpoint
ALTER TABLE "car_usage_periods" ADD CONSTRAINT "car_usage_periods_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "car_usage_periods" ADD CONSTRAINT "car_usage_periods_tenant_id_car_id_cars_tenant_id_id_fk" FOREIGN KEY ("tenant_id","car_id") REFERENCES "public"."cars"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "car_usage_periods" ADD CONSTRAINT "car_usage_periods_tenant_id_contract_id_rental_contracts_tenant_id_id_fk" FOREIGN KEY ("tenant_id","contract_id") REFERENCES "public"."rental_contracts"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "car_usage_periods" ADD CONSTRAINT "car_usage_periods_tenant_id_driver_id_drivers_tenant_id_id_fk" FOREIGN KEY ("tenant_id","driver_id") REFERENCES "public"."drivers"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "handover_inspections" ADD CONSTRAINT "handover_inspections_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "handover_inspections" ADD CONSTRAINT "handover_inspections_tenant_id_contract_id_rental_contracts_tenant_id_id_fk" FOREIGN KEY ("tenant_id","contract_id") REFERENCES "public"."rental_contracts"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "handover_inspections" ADD CONSTRAINT "handover_inspections_tenant_id_car_id_cars_tenant_id_id_fk" FOREIGN KEY ("tenant_id","car_id") REFERENCES "public"."cars"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rental_settlements" ADD CONSTRAINT "rental_settlements_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rental_settlements" ADD CONSTRAINT "rental_settlements_tenant_id_contract_id_rental_contracts_tenant_id_id_fk" FOREIGN KEY ("tenant_id","contract_id") REFERENCES "public"."rental_contracts"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rental_settlements" ADD CONSTRAINT "rental_settlements_tenant_id_line_id_rental_payment_lines_tenant_id_id_fk" FOREIGN KEY ("tenant_id","line_id") REFERENCES "public"."rental_payment_lines"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "car_usage_periods_car_ix" ON "car_usage_periods" USING btree ("tenant_id","car_id","from_at");--> statement-breakpoint
CREATE UNIQUE INDEX "car_usage_periods_open_uq" ON "car_usage_periods" USING btree ("tenant_id","car_id") WHERE to_at is null;--> statement-breakpoint
CREATE UNIQUE INDEX "handover_inspections_kind_uq" ON "handover_inspections" USING btree ("tenant_id","contract_id","kind");--> statement-breakpoint
CREATE INDEX "handover_inspections_car_ix" ON "handover_inspections" USING btree ("tenant_id","car_id","inspected_at");--> statement-breakpoint
CREATE UNIQUE INDEX "rental_settlements_contract_uq" ON "rental_settlements" USING btree ("tenant_id","contract_id");--> statement-breakpoint
-- hand-written below
CREATE INDEX "violations_usage_period_ix" ON "violations" USING btree ("tenant_id","usage_period_id") WHERE usage_period_id is not null;--> statement-breakpoint
-- A violation recorded (or moved to another car or time) takes the driver of the usage period covering its time;
-- one no period covers keeps the driver given by hand, unless a period had given it (then none).
CREATE FUNCTION "violation_usage_attribution"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  p record;
BEGIN
  SELECT u."id", u."driver_id" INTO p FROM "car_usage_periods" u
    WHERE u."tenant_id" = NEW."tenant_id" AND u."car_id" = NEW."car_id" AND u."from_at" <= NEW."occurred_at"
      AND (u."to_at" IS NULL OR u."to_at" > NEW."occurred_at")
    ORDER BY u."from_at" DESC LIMIT 1;
  IF FOUND THEN
    NEW."driver_id" := p."driver_id";
    NEW."usage_period_id" := p."id";
  ELSIF NEW."usage_period_id" IS NOT NULL THEN
    NEW."driver_id" := NULL;
    NEW."usage_period_id" := NULL;
  END IF;
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER "violations_usage_attribution_insert" BEFORE INSERT ON "violations" FOR EACH ROW EXECUTE FUNCTION "violation_usage_attribution"();--> statement-breakpoint
CREATE TRIGGER "violations_usage_attribution_update" BEFORE UPDATE OF "occurred_at", "car_id" ON "violations" FOR EACH ROW EXECUTE FUNCTION "violation_usage_attribution"();--> statement-breakpoint
-- A usage period opened, closed, corrected or removed re-attributes the violations of its car in the old and the
-- new time range: those now covered take its driver, those it no longer covers lose the driver it gave.
CREATE FUNCTION "usage_period_attribution"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    UPDATE "violations" v SET "driver_id" = NULL, "usage_period_id" = NULL, "updated_at" = now()
      WHERE v."tenant_id" = OLD."tenant_id" AND v."usage_period_id" = OLD."id"
        AND (TG_OP = 'DELETE' OR v."car_id" <> NEW."car_id" OR v."occurred_at" < NEW."from_at"
          OR (NEW."to_at" IS NOT NULL AND v."occurred_at" >= NEW."to_at"));
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    UPDATE "violations" v SET "driver_id" = NEW."driver_id", "usage_period_id" = NEW."id", "updated_at" = now()
      WHERE v."tenant_id" = NEW."tenant_id" AND v."car_id" = NEW."car_id" AND v."occurred_at" >= NEW."from_at"
        AND (NEW."to_at" IS NULL OR v."occurred_at" < NEW."to_at")
        AND (v."usage_period_id" IS DISTINCT FROM NEW."id" OR v."driver_id" IS DISTINCT FROM NEW."driver_id");
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "car_usage_periods_attribution" AFTER INSERT OR UPDATE OR DELETE ON "car_usage_periods" FOR EACH ROW EXECUTE FUNCTION "usage_period_attribution"();
