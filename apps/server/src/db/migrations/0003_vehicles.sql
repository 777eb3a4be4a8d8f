CREATE TABLE "excel_imports" (
	"tenant_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "excel_imports_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"type" text NOT NULL,
	"file_name" text NOT NULL,
	"context" jsonb NOT NULL,
	"total" integer NOT NULL,
	"imported" integer,
	"failed" integer,
	"task_id" bigint,
	"created_by" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	CONSTRAINT "excel_imports_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "car_brands" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "car_brands_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"tenant_id" bigint,
	"code" text,
	"name" text NOT NULL,
	"name_en" text NOT NULL,
	"initial" text NOT NULL,
	"country" text NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "car_events" (
	"tenant_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "car_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"car_id" bigint NOT NULL,
	"kind" text NOT NULL,
	"action" text,
	"from_status" text,
	"to_status" text,
	"from_rent_id" bigint,
	"to_rent_id" bigint,
	"remark" text,
	"user_id" bigint,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "car_events_tenant_id_id_pk" PRIMARY KEY("tenant_id","id"),
	CONSTRAINT "car_events_kind_ck" CHECK (kind in ('create', 'import', 'status', 'transfer', 'delete', 'restore'))
);
--> statement-breakpoint
CREATE TABLE "car_images" (
	"tenant_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "car_images_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"car_id" bigint NOT NULL,
	"kind" text NOT NULL,
	"url" text NOT NULL,
	"sort" integer NOT NULL,
	"created_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "car_images_tenant_id_id_pk" PRIMARY KEY("tenant_id","id"),
	CONSTRAINT "car_images_kind_ck" CHECK (kind in ('front', 'back', 'left', 'right', 'interior', 'licenseMain', 'licenseSecond', 'other'))
);
--> statement-breakpoint
CREATE TABLE "car_models" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "car_models_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"series_id" bigint NOT NULL,
	"tenant_id" bigint,
	"code" text,
	"name" text NOT NULL,
	"year" integer NOT NULL,
	"energy" text NOT NULL,
	"seats" integer NOT NULL,
	"battery_kwh" numeric(6, 1),
	"range_km" integer,
	"guide_price_fen" bigint,
	"sort" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "car_models_energy_ck" CHECK (energy in ('petrol', 'diesel', 'hybrid', 'electric'))
);
--> statement-breakpoint
CREATE TABLE "car_owners" (
	"tenant_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "car_owners_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"kind" text NOT NULL,
	"name" text NOT NULL,
	"id_number" text,
	"contact_name" text,
	"phone" text,
	"address" text,
	"remark" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "car_owners_tenant_id_id_pk" PRIMARY KEY("tenant_id","id"),
	CONSTRAINT "car_owners_kind_ck" CHECK (kind in ('company', 'person'))
);
--> statement-breakpoint
CREATE TABLE "car_series" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "car_series_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"brand_id" bigint NOT NULL,
	"tenant_id" bigint,
	"code" text,
	"name" text NOT NULL,
	"level" text NOT NULL,
	"maker" text,
	"sort" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "car_series_level_ck" CHECK (level in ('sedan', 'hatchback', 'suv', 'mpv', 'wagon', 'coupe', 'pickup', 'van'))
);
--> statement-breakpoint
CREATE TABLE "car_types" (
	"tenant_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "car_types_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"monthly_rent_fen" integer NOT NULL,
	"deposit_fen" integer NOT NULL,
	"remark" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "car_types_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "cars" (
	"tenant_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "cars_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"rent_id" bigint NOT NULL,
	"plate" text NOT NULL,
	"vin" text NOT NULL,
	"vin_valid" boolean DEFAULT true NOT NULL,
	"engine_no" text,
	"brand_id" bigint NOT NULL,
	"series_id" bigint NOT NULL,
	"model_id" bigint,
	"colour" text,
	"car_type_id" bigint,
	"energy" text NOT NULL,
	"battery_kwh" numeric(6, 1),
	"range_km" integer,
	"seats" integer,
	"registration_date" date,
	"mileage_km" integer DEFAULT 0 NOT NULL,
	"owner_id" bigint,
	"status" text DEFAULT 'idle' NOT NULL,
	"status_changed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"key_count" integer DEFAULT 0 NOT NULL,
	"key_location" text,
	"key_remark" text,
	"inspection_due" date,
	"purchase_price_fen" bigint,
	"purchase_date" date,
	"compulsory_company" text,
	"compulsory_policy_no" text,
	"compulsory_expiry" date,
	"commercial_company" text,
	"commercial_policy_no" text,
	"commercial_expiry" date,
	"license_file_no" text,
	"license_use_character" text,
	"license_issue_date" date,
	"license_bound_at" timestamp with time zone,
	"gps_last_seen_at" timestamp with time zone,
	"remark" text,
	"import_ref" text,
	"created_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	"deleted_by" bigint,
	CONSTRAINT "cars_tenant_id_id_pk" PRIMARY KEY("tenant_id","id"),
	CONSTRAINT "cars_status_ck" CHECK (status in ('idle', 'rented', 'maintenance', 'reserved', 'off_fleet', 'sold', 'scrapped')),
	CONSTRAINT "cars_energy_ck" CHECK (energy in ('petrol', 'diesel', 'hybrid', 'electric'))
);
--> statement-breakpoint
CREATE TABLE "saved_filters" (
	"tenant_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "saved_filters_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" bigint NOT NULL,
	"screen" text NOT NULL,
	"name" text NOT NULL,
	"filter" jsonb NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "saved_filters_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
ALTER TABLE "excel_imports" ADD CONSTRAINT "excel_imports_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "car_brands" ADD CONSTRAINT "car_brands_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "car_events" ADD CONSTRAINT "car_events_tenant_id_car_id_cars_tenant_id_id_fk" FOREIGN KEY ("tenant_id","car_id") REFERENCES "public"."cars"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "car_images" ADD CONSTRAINT "car_images_tenant_id_car_id_cars_tenant_id_id_fk" FOREIGN KEY ("tenant_id","car_id") REFERENCES "public"."cars"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "car_models" ADD CONSTRAINT "car_models_series_id_car_series_id_fk" FOREIGN KEY ("series_id") REFERENCES "public"."car_series"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "car_models" ADD CONSTRAINT "car_models_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "car_owners" ADD CONSTRAINT "car_owners_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "car_series" ADD CONSTRAINT "car_series_brand_id_car_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."car_brands"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "car_series" ADD CONSTRAINT "car_series_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "car_types" ADD CONSTRAINT "car_types_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cars" ADD CONSTRAINT "cars_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cars" ADD CONSTRAINT "cars_brand_id_car_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."car_brands"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cars" ADD CONSTRAINT "cars_series_id_car_series_id_fk" FOREIGN KEY ("series_id") REFERENCES "public"."car_series"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cars" ADD CONSTRAINT "cars_model_id_car_models_id_fk" FOREIGN KEY ("model_id") REFERENCES "public"."car_models"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cars" ADD CONSTRAINT "cars_tenant_id_rent_id_rents_tenant_id_id_fk" FOREIGN KEY ("tenant_id","rent_id") REFERENCES "public"."rents"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cars" ADD CONSTRAINT "cars_tenant_id_car_type_id_car_types_tenant_id_id_fk" FOREIGN KEY ("tenant_id","car_type_id") REFERENCES "public"."car_types"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cars" ADD CONSTRAINT "cars_tenant_id_owner_id_car_owners_tenant_id_id_fk" FOREIGN KEY ("tenant_id","owner_id") REFERENCES "public"."car_owners"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saved_filters" ADD CONSTRAINT "saved_filters_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saved_filters" ADD CONSTRAINT "saved_filters_tenant_id_user_id_users_tenant_id_id_fk" FOREIGN KEY ("tenant_id","user_id") REFERENCES "public"."users"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "excel_imports_time_ix" ON "excel_imports" USING btree ("tenant_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "car_brands_code_uq" ON "car_brands" USING btree ("code");--> statement-breakpoint
CREATE INDEX "car_brands_tenant_ix" ON "car_brands" USING btree ("tenant_id");--> statement-breakpoint
CREATE INDEX "car_events_car_ix" ON "car_events" USING btree ("tenant_id","car_id","at");--> statement-breakpoint
CREATE INDEX "car_images_car_ix" ON "car_images" USING btree ("tenant_id","car_id","sort");--> statement-breakpoint
CREATE UNIQUE INDEX "car_models_code_uq" ON "car_models" USING btree ("code");--> statement-breakpoint
CREATE INDEX "car_models_series_ix" ON "car_models" USING btree ("series_id");--> statement-breakpoint
CREATE UNIQUE INDEX "car_owners_id_number_uq" ON "car_owners" USING btree ("tenant_id","id_number") WHERE id_number is not null;--> statement-breakpoint
CREATE INDEX "car_owners_name_ix" ON "car_owners" USING btree ("tenant_id","name");--> statement-breakpoint
CREATE UNIQUE INDEX "car_series_code_uq" ON "car_series" USING btree ("code");--> statement-breakpoint
CREATE INDEX "car_series_brand_ix" ON "car_series" USING btree ("brand_id");--> statement-breakpoint
CREATE UNIQUE INDEX "car_types_name_uq" ON "car_types" USING btree ("tenant_id","name");--> statement-breakpoint
CREATE UNIQUE INDEX "cars_plate_uq" ON "cars" USING btree ("tenant_id","plate") WHERE deleted_at is null;--> statement-breakpoint
CREATE UNIQUE INDEX "cars_import_ref_uq" ON "cars" USING btree ("tenant_id","import_ref") WHERE import_ref is not null;--> statement-breakpoint
CREATE INDEX "cars_status_ix" ON "cars" USING btree ("tenant_id","status","id","rent_id") WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX "cars_rent_ix" ON "cars" USING btree ("tenant_id","rent_id","status","id") WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX "cars_vin_ix" ON "cars" USING btree ("tenant_id","vin");--> statement-breakpoint
CREATE INDEX "cars_brand_ix" ON "cars" USING btree ("tenant_id","brand_id","series_id");--> statement-breakpoint
CREATE INDEX "cars_type_ix" ON "cars" USING btree ("tenant_id","car_type_id");--> statement-breakpoint
CREATE INDEX "cars_owner_ix" ON "cars" USING btree ("tenant_id","owner_id");--> statement-breakpoint
CREATE INDEX "cars_inspection_ix" ON "cars" USING btree ("tenant_id","inspection_due") WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX "cars_compulsory_ix" ON "cars" USING btree ("tenant_id","compulsory_expiry") WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX "cars_commercial_ix" ON "cars" USING btree ("tenant_id","commercial_expiry") WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX "cars_gps_ix" ON "cars" USING btree ("tenant_id","gps_last_seen_at") WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX "cars_plate_trgm_ix" ON "cars" USING gin ("plate" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "cars_vin_trgm_ix" ON "cars" USING gin ("vin" gin_trgm_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "saved_filters_name_uq" ON "saved_filters" USING btree ("tenant_id","user_id","screen","name");