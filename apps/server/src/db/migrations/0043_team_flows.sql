CREATE TABLE "driver_flow_days" (
	"tenant_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "driver_flow_days_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"driver_id" bigint NOT NULL,
	"rent_id" bigint NOT NULL,
	"day" date NOT NULL,
	"platform" text NOT NULL,
	"online_minutes" integer DEFAULT 0 NOT NULL,
	"orders" integer DEFAULT 0 NOT NULL,
	"flow_fen" bigint DEFAULT 0 NOT NULL,
	"source" text NOT NULL,
	"import_ref" text,
	"created_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "driver_flow_days_tenant_id_id_pk" PRIMARY KEY("tenant_id","id"),
	CONSTRAINT "driver_flow_days_platform_ck" CHECK (platform in ('didi', 'gaode', 'caocao', 't3', 'meituan', 'other')),
	CONSTRAINT "driver_flow_days_source_ck" CHECK (source in ('import', 'api')),
	CONSTRAINT "driver_flow_days_values_ck" CHECK (online_minutes between 0 and 1440 and orders >= 0 and flow_fen >= 0)
);
--> statement-breakpoint
ALTER TABLE "driver_flow_days" ADD CONSTRAINT "driver_flow_days_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "driver_flow_days" ADD CONSTRAINT "driver_flow_days_tenant_id_driver_id_drivers_tenant_id_id_fk" FOREIGN KEY ("tenant_id","driver_id") REFERENCES "public"."drivers"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "driver_flow_days" ADD CONSTRAINT "driver_flow_days_tenant_id_rent_id_rents_tenant_id_id_fk" FOREIGN KEY ("tenant_id","rent_id") REFERENCES "public"."rents"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "driver_flow_days_uq" ON "driver_flow_days" USING btree ("tenant_id","driver_id","day","platform");--> statement-breakpoint
CREATE INDEX "driver_flow_days_day_ix" ON "driver_flow_days" USING btree ("tenant_id","day","rent_id");--> statement-breakpoint
CREATE UNIQUE INDEX "driver_flow_days_import_ref_uq" ON "driver_flow_days" USING btree ("tenant_id","import_ref") WHERE import_ref is not null;