CREATE TABLE "violation_limit_configs" (
	"tenant_id" bigint PRIMARY KEY NOT NULL,
	"car_points" integer,
	"car_fine_fen" bigint,
	"driver_points" integer,
	"driver_fine_fen" bigint,
	"updated_by" bigint,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "violation_limit_reminders" (
	"tenant_id" bigint NOT NULL,
	"subject" text NOT NULL,
	"subject_id" bigint NOT NULL,
	"points" integer NOT NULL,
	"fine_fen" bigint NOT NULL,
	"reminded_at" timestamp with time zone NOT NULL,
	CONSTRAINT "violation_limit_reminders_tenant_id_subject_subject_id_pk" PRIMARY KEY("tenant_id","subject","subject_id"),
	CONSTRAINT "violation_limit_reminders_subject_ck" CHECK (subject in ('car', 'driver'))
);
--> statement-breakpoint
CREATE TABLE "violation_list_versions" (
	"tenant_id" bigint PRIMARY KEY NOT NULL,
	"version" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "violation_query_items" (
	"tenant_id" bigint NOT NULL,
	"order_id" bigint NOT NULL,
	"car_id" bigint NOT NULL,
	"plate" text NOT NULL,
	"state" text DEFAULT 'pending' NOT NULL,
	"found" integer DEFAULT 0 NOT NULL,
	"added" integer DEFAULT 0 NOT NULL,
	"error" text,
	"refunded" boolean DEFAULT false NOT NULL,
	"raw" jsonb,
	"queried_at" timestamp with time zone,
	CONSTRAINT "violation_query_items_tenant_id_order_id_car_id_pk" PRIMARY KEY("tenant_id","order_id","car_id"),
	CONSTRAINT "violation_query_items_state_ck" CHECK (state in ('pending', 'done', 'failed'))
);
--> statement-breakpoint
CREATE TABLE "violation_query_orders" (
	"tenant_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "violation_query_orders_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"kind" text NOT NULL,
	"state" text DEFAULT 'running' NOT NULL,
	"provider" text NOT NULL,
	"car_count" integer NOT NULL,
	"charge_id" bigint,
	"amount_fen" bigint DEFAULT 0 NOT NULL,
	"refunded_fen" bigint DEFAULT 0 NOT NULL,
	"found" integer DEFAULT 0 NOT NULL,
	"added" integer DEFAULT 0 NOT NULL,
	"failed" integer DEFAULT 0 NOT NULL,
	"task_id" bigint,
	"created_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	CONSTRAINT "violation_query_orders_tenant_id_id_pk" PRIMARY KEY("tenant_id","id"),
	CONSTRAINT "violation_query_orders_kind_ck" CHECK (kind in ('single', 'batch')),
	CONSTRAINT "violation_query_orders_state_ck" CHECK (state in ('running', 'completed', 'failed'))
);
--> statement-breakpoint
CREATE TABLE "violations" (
	"tenant_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "violations_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"rent_id" bigint NOT NULL,
	"car_id" bigint NOT NULL,
	"plate" text NOT NULL,
	"violation_no" text NOT NULL,
	"occurred_at" timestamp with time zone NOT NULL,
	"place" text NOT NULL,
	"offence_code" text NOT NULL,
	"offence_text" text NOT NULL,
	"fine_fen" bigint DEFAULT 0 NOT NULL,
	"points" integer DEFAULT 0 NOT NULL,
	"late_fee_fen" bigint DEFAULT 0 NOT NULL,
	"handled" boolean DEFAULT false NOT NULL,
	"handled_at" timestamp with time zone,
	"authority" text DEFAULT '' NOT NULL,
	"driver_id" bigint,
	"source" text DEFAULT 'manual' NOT NULL,
	"order_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "violations_tenant_id_id_pk" PRIMARY KEY("tenant_id","id"),
	CONSTRAINT "violations_source_ck" CHECK (source in ('query', 'manual', 'demo')),
	CONSTRAINT "violations_amounts_ck" CHECK (fine_fen >= 0 and late_fee_fen >= 0 and points >= 0)
);
--> statement-breakpoint
ALTER TABLE "violation_limit_configs" ADD CONSTRAINT "violation_limit_configs_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "violation_limit_reminders" ADD CONSTRAINT "violation_limit_reminders_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "violation_list_versions" ADD CONSTRAINT "violation_list_versions_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "violation_query_items" ADD CONSTRAINT "violation_query_items_tenant_id_order_id_violation_query_orders_tenant_id_id_fk" FOREIGN KEY ("tenant_id","order_id") REFERENCES "public"."violation_query_orders"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "violation_query_items" ADD CONSTRAINT "violation_query_items_tenant_id_car_id_cars_tenant_id_id_fk" FOREIGN KEY ("tenant_id","car_id") REFERENCES "public"."cars"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "violation_query_orders" ADD CONSTRAINT "violation_query_orders_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "violations" ADD CONSTRAINT "violations_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "violations" ADD CONSTRAINT "violations_tenant_id_rent_id_rents_tenant_id_id_fk" FOREIGN KEY ("tenant_id","rent_id") REFERENCES "public"."rents"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "violations" ADD CONSTRAINT "violations_tenant_id_car_id_cars_tenant_id_id_fk" FOREIGN KEY ("tenant_id","car_id") REFERENCES "public"."cars"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "violations" ADD CONSTRAINT "violations_tenant_id_driver_id_drivers_tenant_id_id_fk" FOREIGN KEY ("tenant_id","driver_id") REFERENCES "public"."drivers"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "violation_query_items_car_ix" ON "violation_query_items" USING btree ("tenant_id","car_id","queried_at");--> statement-breakpoint
CREATE INDEX "violation_query_orders_created_ix" ON "violation_query_orders" USING btree ("tenant_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "violations_no_uq" ON "violations" USING btree ("tenant_id","violation_no");--> statement-breakpoint
CREATE INDEX "violations_rent_ix" ON "violations" USING btree ("tenant_id","rent_id","id");--> statement-breakpoint
CREATE INDEX "violations_handled_ix" ON "violations" USING btree ("tenant_id","handled","rent_id","id");--> statement-breakpoint
CREATE INDEX "violations_car_ix" ON "violations" USING btree ("tenant_id","car_id","occurred_at");--> statement-breakpoint
CREATE INDEX "violations_driver_ix" ON "violations" USING btree ("tenant_id","driver_id","handled") WHERE driver_id is not null;--> statement-breakpoint
CREATE INDEX "violations_occurred_ix" ON "violations" USING btree ("tenant_id","occurred_at");--> statement-breakpoint
CREATE INDEX "violations_plate_trgm_ix" ON "violations" USING gin ("plate" gin_trgm_ops);--> statement-breakpoint
-- hand-written below
CREATE SEQUENCE "violation_list_version_seq";--> statement-breakpoint
CREATE FUNCTION "bump_violation_list_version"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "violation_list_versions" AS v ("tenant_id", "version")
    SELECT "tenant_id", nextval('violation_list_version_seq') FROM (SELECT DISTINCT "tenant_id" FROM "changed") t
    ON CONFLICT ("tenant_id") DO UPDATE SET "version" = excluded."version";
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "violations_list_version_insert" AFTER INSERT ON "violations" REFERENCING NEW TABLE AS "changed" FOR EACH STATEMENT EXECUTE FUNCTION "bump_violation_list_version"();--> statement-breakpoint
CREATE TRIGGER "violations_list_version_update" AFTER UPDATE ON "violations" REFERENCING NEW TABLE AS "changed" FOR EACH STATEMENT EXECUTE FUNCTION "bump_violation_list_version"();--> statement-breakpoint
CREATE TRIGGER "violations_list_version_delete" AFTER DELETE ON "violations" REFERENCING OLD TABLE AS "changed" FOR EACH STATEMENT EXECUTE FUNCTION "bump_violation_list_version"();
