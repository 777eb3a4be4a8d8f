CREATE TABLE "booked_cars" (
	"tenant_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "booked_cars_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"rent_id" bigint NOT NULL,
	"financier_id" bigint,
	"code" text NOT NULL,
	"brand" text NOT NULL,
	"series" text,
	"model" text NOT NULL,
	"colour" text,
	"quantity" integer DEFAULT 1 NOT NULL,
	"guide_price_fen" bigint,
	"earnest_fen" bigint DEFAULT 0 NOT NULL,
	"expected_date" date,
	"contact_name" text,
	"contact_phone" text,
	"note" text,
	"state" text DEFAULT 'booked' NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	"created_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "booked_cars_tenant_id_id_pk" PRIMARY KEY("tenant_id","id"),
	CONSTRAINT "booked_cars_state_ck" CHECK (state in ('booked', 'earnestPaid', 'purchased', 'cancelled')),
	CONSTRAINT "booked_cars_quantity_ck" CHECK (quantity > 0)
);
--> statement-breakpoint
CREATE TABLE "financiers" (
	"id" bigint PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"name_en" text NOT NULL,
	"contact_name" text,
	"contact_phone" text,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "financing_activities" (
	"tenant_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "financing_activities_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"application_id" bigint NOT NULL,
	"action" text NOT NULL,
	"from_state" text,
	"to_state" text,
	"side" text NOT NULL,
	"actor_id" bigint,
	"actor_name" text,
	"text_key" text NOT NULL,
	"text_params" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"note" text,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "financing_activities_tenant_id_id_pk" PRIMARY KEY("tenant_id","id"),
	CONSTRAINT "financing_activities_side_ck" CHECK (side in ('applicant', 'financier', 'system'))
);
--> statement-breakpoint
CREATE TABLE "financing_applications" (
	"tenant_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "financing_applications_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"rent_id" bigint NOT NULL,
	"financier_id" bigint NOT NULL,
	"product_id" bigint NOT NULL,
	"code" text NOT NULL,
	"state" text DEFAULT 'S1' NOT NULL,
	"review_stage" text,
	"car_id" bigint NOT NULL,
	"plate" text,
	"vin" text NOT NULL,
	"engine_no" text,
	"compulsory_no" text,
	"commercial_no" text,
	"car_type_name" text NOT NULL,
	"total_amount_fen" bigint NOT NULL,
	"pay_proportion" numeric(5, 4) NOT NULL,
	"staging_number" integer NOT NULL,
	"balloon_fen" bigint DEFAULT 0 NOT NULL,
	"install_mobile" text,
	"install_address" text,
	"img_buy_invoice" text,
	"img_compulsory" text,
	"img_commercial" text,
	"img_compulsory_endorsement_a" text,
	"img_compulsory_endorsement_b" text,
	"img_compulsory_endorsement_c" text,
	"img_commercial_endorsement_a" text,
	"img_commercial_endorsement_b" text,
	"img_commercial_endorsement_c" text,
	"buy_commercial" boolean DEFAULT false NOT NULL,
	"buy_compulsory" boolean DEFAULT false NOT NULL,
	"gps" boolean DEFAULT true NOT NULL,
	"username" text,
	"id_no" text,
	"contact" text,
	"img_id1" text,
	"img_id2" text,
	"apply_items" text[] DEFAULT '{A3}'::text[] NOT NULL,
	"commercial_amount_fen" bigint DEFAULT 0 NOT NULL,
	"compulsory_amount_fen" bigint DEFAULT 0 NOT NULL,
	"quote" jsonb,
	"conditions" jsonb,
	"supplement_reason" text,
	"reject_reason" text,
	"approval_request_id" bigint,
	"submitted_at" timestamp with time zone,
	"decided_at" timestamp with time zone,
	"disbursed_at" timestamp with time zone,
	"settled_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone,
	"version" integer DEFAULT 0 NOT NULL,
	"created_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "financing_applications_tenant_id_id_pk" PRIMARY KEY("tenant_id","id"),
	CONSTRAINT "financing_applications_state_ck" CHECK (state in ('S1', 'S2', 'S3', 'S4', 'S5', 'S6', 'S7', 'S8', 'S9', 'S10')),
	CONSTRAINT "financing_applications_review_stage_ck" CHECK (review_stage is null or review_stage in ('internal', 'financier')),
	CONSTRAINT "financing_applications_pay_proportion_ck" CHECK (pay_proportion >= 0 and pay_proportion < 1),
	CONSTRAINT "financing_applications_apply_items_ck" CHECK (apply_items <@ array['A1', 'A2', 'A3']::text[])
);
--> statement-breakpoint
CREATE TABLE "financing_apply_items" (
	"tenant_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "financing_apply_items_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"application_id" bigint NOT NULL,
	"code" text NOT NULL,
	"amount_fen" bigint DEFAULT 0 NOT NULL,
	"loan_state" text DEFAULT 'none' NOT NULL,
	"requested_at" timestamp with time zone,
	"disbursed_at" timestamp with time zone,
	"disbursed_fen" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "financing_apply_items_tenant_id_id_pk" PRIMARY KEY("tenant_id","id"),
	CONSTRAINT "financing_apply_items_code_ck" CHECK (code in ('A1', 'A2', 'A3')),
	CONSTRAINT "financing_apply_items_loan_state_ck" CHECK (loan_state in ('none', 'requested', 'disbursed'))
);
--> statement-breakpoint
CREATE TABLE "financing_car_types" (
	"tenant_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "financing_car_types_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"product_id" bigint NOT NULL,
	"brand" text NOT NULL,
	"series" text NOT NULL,
	"model_name" text NOT NULL,
	"guide_price_fen" bigint NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "financing_car_types_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "financing_certificates" (
	"tenant_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "financing_certificates_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"application_id" bigint NOT NULL,
	"kind" text NOT NULL,
	"number" text,
	"received_at" date,
	"returned_at" date,
	"state" text DEFAULT 'held' NOT NULL,
	"note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "financing_certificates_tenant_id_id_pk" PRIMARY KEY("tenant_id","id"),
	CONSTRAINT "financing_certificates_kind_ck" CHECK (kind in ('registration', 'invoice', 'conformity', 'policy')),
	CONSTRAINT "financing_certificates_state_ck" CHECK (state in ('held', 'returned'))
);
--> statement-breakpoint
CREATE TABLE "financing_deposit_returns" (
	"tenant_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "financing_deposit_returns_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"application_id" bigint NOT NULL,
	"deposit_fen" bigint NOT NULL,
	"deductions" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"return_fen" bigint NOT NULL,
	"state" text DEFAULT 'applied' NOT NULL,
	"reason" text,
	"decided_by_name" text,
	"decided_at" timestamp with time zone,
	"created_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "financing_deposit_returns_tenant_id_id_pk" PRIMARY KEY("tenant_id","id"),
	CONSTRAINT "financing_deposit_returns_state_ck" CHECK (state in ('applied', 'approved', 'refused'))
);
--> statement-breakpoint
CREATE TABLE "financing_instalments" (
	"tenant_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "financing_instalments_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"application_id" bigint NOT NULL,
	"rent_id" bigint NOT NULL,
	"financier_id" bigint NOT NULL,
	"code" text NOT NULL,
	"period" integer NOT NULL,
	"due_date" date NOT NULL,
	"principal_fen" bigint NOT NULL,
	"interest_fen" bigint NOT NULL,
	"amount_fen" bigint NOT NULL,
	"remaining_principal_fen" bigint NOT NULL,
	"paid_fen" bigint DEFAULT 0 NOT NULL,
	"late_fee_fen" bigint DEFAULT 0 NOT NULL,
	"late_fee_paid_fen" bigint DEFAULT 0 NOT NULL,
	"late_fee_waived_fen" bigint DEFAULT 0 NOT NULL,
	"overdue_days" integer DEFAULT 0 NOT NULL,
	"state" text DEFAULT 'pending' NOT NULL,
	"paid_at" timestamp with time zone,
	"version" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "financing_instalments_tenant_id_id_pk" PRIMARY KEY("tenant_id","id"),
	CONSTRAINT "financing_instalments_state_ck" CHECK (state in ('pending', 'partial', 'paid', 'settled'))
);
--> statement-breakpoint
CREATE TABLE "financing_limits" (
	"tenant_id" bigint NOT NULL,
	"rent_id" bigint NOT NULL,
	"financier_id" bigint NOT NULL,
	"limit_fen" bigint NOT NULL,
	"set_by_name" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "financing_limits_tenant_id_rent_id_financier_id_pk" PRIMARY KEY("tenant_id","rent_id","financier_id"),
	CONSTRAINT "financing_limits_limit_ck" CHECK (limit_fen >= 0)
);
--> statement-breakpoint
CREATE TABLE "financing_numbers" (
	"tenant_id" bigint NOT NULL,
	"prefix" text NOT NULL,
	"last" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "financing_numbers_tenant_id_prefix_pk" PRIMARY KEY("tenant_id","prefix")
);
--> statement-breakpoint
CREATE TABLE "financing_products" (
	"tenant_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "financing_products_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"code" text NOT NULL,
	"name" text NOT NULL,
	"name_en" text NOT NULL,
	"method" text NOT NULL,
	"due_mode" text DEFAULT 'arrears' NOT NULL,
	"repay_day" integer,
	"annual_rate" numeric(8, 6) NOT NULL,
	"terms" integer[] NOT NULL,
	"min_down_ratio" numeric(5, 4) NOT NULL,
	"max_down_ratio" numeric(5, 4) NOT NULL,
	"max_balloon_ratio" numeric(5, 4) DEFAULT 0 NOT NULL,
	"late_fee_daily_rate" numeric(8, 6) NOT NULL,
	"gps_fee_fen" bigint DEFAULT 0 NOT NULL,
	"mortgage_fee_fen" bigint DEFAULT 0 NOT NULL,
	"service_fee_rate" numeric(6, 4) DEFAULT 0 NOT NULL,
	"deposit_ratio" numeric(5, 4) DEFAULT 0 NOT NULL,
	"break_rate_early" numeric(6, 4) DEFAULT 0 NOT NULL,
	"break_rate_late" numeric(6, 4) DEFAULT 0 NOT NULL,
	"break_floor_fen" bigint DEFAULT 0 NOT NULL,
	"car_types" text[] DEFAULT '{}'::text[] NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "financing_products_tenant_id_id_pk" PRIMARY KEY("tenant_id","id"),
	CONSTRAINT "financing_products_method_ck" CHECK (method in ('annuity', 'equalPrincipal', 'flat')),
	CONSTRAINT "financing_products_due_mode_ck" CHECK (due_mode in ('arrears', 'advance')),
	CONSTRAINT "financing_products_ratio_ck" CHECK (min_down_ratio <= max_down_ratio and max_down_ratio < 1),
	CONSTRAINT "financing_products_terms_ck" CHECK (terms <@ array[12, 24, 36] and cardinality(terms) > 0)
);
--> statement-breakpoint
CREATE TABLE "financing_profiles" (
	"tenant_id" bigint NOT NULL,
	"rent_id" bigint NOT NULL,
	"company_name" text NOT NULL,
	"licence_no" text,
	"licence_image" text,
	"legal_person_name" text,
	"legal_person_id_no" text,
	"contact_name" text,
	"contact_phone" text,
	"bank_name" text,
	"bank_account_name" text,
	"bank_account_no" text,
	"address" text,
	"version" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "financing_profiles_tenant_id_rent_id_pk" PRIMARY KEY("tenant_id","rent_id")
);
--> statement-breakpoint
CREATE TABLE "financing_rent_or_sale" (
	"tenant_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "financing_rent_or_sale_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"application_id" bigint NOT NULL,
	"car_id" bigint NOT NULL,
	"use" text NOT NULL,
	"buyer_name" text,
	"buyer_id_no" text,
	"buyer_phone" text,
	"sale_price_fen" bigint,
	"sale_terms" integer,
	"note" text,
	"files" text[] DEFAULT '{}'::text[] NOT NULL,
	"state" text DEFAULT 'applied' NOT NULL,
	"conditions" text,
	"reason" text,
	"decided_at" timestamp with time zone,
	"decided_by_name" text,
	"version" integer DEFAULT 0 NOT NULL,
	"created_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "financing_rent_or_sale_tenant_id_id_pk" PRIMARY KEY("tenant_id","id"),
	CONSTRAINT "financing_rent_or_sale_use_ck" CHECK (use in ('rent', 'sale')),
	CONSTRAINT "financing_rent_or_sale_state_ck" CHECK (state in ('applied', 'supplementing', 'agreed', 'agreedWithConditions', 'refused'))
);
--> statement-breakpoint
CREATE TABLE "financing_repayment_lines" (
	"tenant_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "financing_repayment_lines_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"repayment_id" bigint NOT NULL,
	"instalment_id" bigint NOT NULL,
	"principal_fen" bigint DEFAULT 0 NOT NULL,
	"interest_fen" bigint DEFAULT 0 NOT NULL,
	"late_fee_fen" bigint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "financing_repayment_lines_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "financing_repayments" (
	"tenant_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "financing_repayments_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"application_id" bigint NOT NULL,
	"rent_id" bigint NOT NULL,
	"financier_id" bigint NOT NULL,
	"code" text NOT NULL,
	"kind" text NOT NULL,
	"amount_fen" bigint NOT NULL,
	"method" text NOT NULL,
	"state" text DEFAULT 'pending' NOT NULL,
	"charge_id" bigint,
	"paid_at" timestamp with time zone,
	"note" text,
	"created_by" bigint,
	"created_by_name" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "financing_repayments_tenant_id_id_pk" PRIMARY KEY("tenant_id","id"),
	CONSTRAINT "financing_repayments_kind_ck" CHECK (kind in ('instalment', 'payoff')),
	CONSTRAINT "financing_repayments_method_ck" CHECK (method in ('online', 'recorded', 'transfer')),
	CONSTRAINT "financing_repayments_state_ck" CHECK (state in ('pending', 'paid', 'failed', 'cancelled')),
	CONSTRAINT "financing_repayments_amount_ck" CHECK (amount_fen > 0)
);
--> statement-breakpoint
CREATE TABLE "financing_vouchers" (
	"tenant_id" bigint NOT NULL,
	"application_id" bigint NOT NULL,
	"invoice_no" text,
	"invoice_date" date,
	"img_buy_invoice" text,
	"img_compulsory" text,
	"img_commercial" text,
	"img_commercial_endorsement_a" text,
	"img_commercial_endorsement_b" text,
	"img_commercial_endorsement_c" text,
	"img_compulsory_endorsement_a" text,
	"check_state" text DEFAULT 'pending' NOT NULL,
	"check_note" text,
	"checked_at" timestamp with time zone,
	"checked_by_name" text,
	"version" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "financing_vouchers_tenant_id_application_id_pk" PRIMARY KEY("tenant_id","application_id"),
	CONSTRAINT "financing_vouchers_check_state_ck" CHECK (check_state in ('pending', 'passed', 'returned'))
);
--> statement-breakpoint
CREATE TABLE "financing_waivers" (
	"tenant_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "financing_waivers_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"instalment_id" bigint NOT NULL,
	"amount_fen" bigint NOT NULL,
	"reason" text NOT NULL,
	"state" text DEFAULT 'pending' NOT NULL,
	"requested_by" bigint,
	"decided_by_name" text,
	"decided_at" timestamp with time zone,
	"decision_note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "financing_waivers_tenant_id_id_pk" PRIMARY KEY("tenant_id","id"),
	CONSTRAINT "financing_waivers_state_ck" CHECK (state in ('pending', 'approved', 'refused')),
	CONSTRAINT "financing_waivers_amount_ck" CHECK (amount_fen > 0)
);
--> statement-breakpoint
ALTER TABLE "booked_cars" ADD CONSTRAINT "booked_cars_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booked_cars" ADD CONSTRAINT "booked_cars_financier_id_financiers_id_fk" FOREIGN KEY ("financier_id") REFERENCES "public"."financiers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booked_cars" ADD CONSTRAINT "booked_cars_tenant_id_rent_id_rents_tenant_id_id_fk" FOREIGN KEY ("tenant_id","rent_id") REFERENCES "public"."rents"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "financiers" ADD CONSTRAINT "financiers_id_tenants_id_fk" FOREIGN KEY ("id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "financing_activities" ADD CONSTRAINT "financing_activities_tenant_id_application_id_financing_applications_tenant_id_id_fk" FOREIGN KEY ("tenant_id","application_id") REFERENCES "public"."financing_applications"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "financing_applications" ADD CONSTRAINT "financing_applications_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "financing_applications" ADD CONSTRAINT "financing_applications_financier_id_financiers_id_fk" FOREIGN KEY ("financier_id") REFERENCES "public"."financiers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "financing_applications" ADD CONSTRAINT "financing_applications_tenant_id_rent_id_rents_tenant_id_id_fk" FOREIGN KEY ("tenant_id","rent_id") REFERENCES "public"."rents"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "financing_applications" ADD CONSTRAINT "financing_applications_tenant_id_car_id_cars_tenant_id_id_fk" FOREIGN KEY ("tenant_id","car_id") REFERENCES "public"."cars"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "financing_applications" ADD CONSTRAINT "financing_applications_financier_id_product_id_financing_products_tenant_id_id_fk" FOREIGN KEY ("financier_id","product_id") REFERENCES "public"."financing_products"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "financing_apply_items" ADD CONSTRAINT "financing_apply_items_tenant_id_application_id_financing_applications_tenant_id_id_fk" FOREIGN KEY ("tenant_id","application_id") REFERENCES "public"."financing_applications"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "financing_car_types" ADD CONSTRAINT "financing_car_types_tenant_id_financiers_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."financiers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "financing_car_types" ADD CONSTRAINT "financing_car_types_tenant_id_product_id_financing_products_tenant_id_id_fk" FOREIGN KEY ("tenant_id","product_id") REFERENCES "public"."financing_products"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "financing_certificates" ADD CONSTRAINT "financing_certificates_tenant_id_application_id_financing_applications_tenant_id_id_fk" FOREIGN KEY ("tenant_id","application_id") REFERENCES "public"."financing_applications"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "financing_deposit_returns" ADD CONSTRAINT "financing_deposit_returns_tenant_id_application_id_financing_applications_tenant_id_id_fk" FOREIGN KEY ("tenant_id","application_id") REFERENCES "public"."financing_applications"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "financing_instalments" ADD CONSTRAINT "financing_instalments_financier_id_financiers_id_fk" FOREIGN KEY ("financier_id") REFERENCES "public"."financiers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "financing_instalments" ADD CONSTRAINT "financing_instalments_tenant_id_application_id_financing_applications_tenant_id_id_fk" FOREIGN KEY ("tenant_id","application_id") REFERENCES "public"."financing_applications"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "financing_instalments" ADD CONSTRAINT "financing_instalments_tenant_id_rent_id_rents_tenant_id_id_fk" FOREIGN KEY ("tenant_id","rent_id") REFERENCES "public"."rents"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "financing_limits" ADD CONSTRAINT "financing_limits_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "financing_limits" ADD CONSTRAINT "financing_limits_financier_id_financiers_id_fk" FOREIGN KEY ("financier_id") REFERENCES "public"."financiers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "financing_limits" ADD CONSTRAINT "financing_limits_tenant_id_rent_id_rents_tenant_id_id_fk" FOREIGN KEY ("tenant_id","rent_id") REFERENCES "public"."rents"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "financing_products" ADD CONSTRAINT "financing_products_tenant_id_financiers_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."financiers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "financing_profiles" ADD CONSTRAINT "financing_profiles_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "financing_profiles" ADD CONSTRAINT "financing_profiles_tenant_id_rent_id_rents_tenant_id_id_fk" FOREIGN KEY ("tenant_id","rent_id") REFERENCES "public"."rents"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "financing_rent_or_sale" ADD CONSTRAINT "financing_rent_or_sale_tenant_id_application_id_financing_applications_tenant_id_id_fk" FOREIGN KEY ("tenant_id","application_id") REFERENCES "public"."financing_applications"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "financing_rent_or_sale" ADD CONSTRAINT "financing_rent_or_sale_tenant_id_car_id_cars_tenant_id_id_fk" FOREIGN KEY ("tenant_id","car_id") REFERENCES "public"."cars"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "financing_repayment_lines" ADD CONSTRAINT "financing_repayment_lines_tenant_id_repayment_id_financing_repayments_tenant_id_id_fk" FOREIGN KEY ("tenant_id","repayment_id") REFERENCES "public"."financing_repayments"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "financing_repayment_lines" ADD CONSTRAINT "financing_repayment_lines_tenant_id_instalment_id_financing_instalments_tenant_id_id_fk" FOREIGN KEY ("tenant_id","instalment_id") REFERENCES "public"."financing_instalments"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "financing_repayments" ADD CONSTRAINT "financing_repayments_financier_id_financiers_id_fk" FOREIGN KEY ("financier_id") REFERENCES "public"."financiers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "financing_repayments" ADD CONSTRAINT "financing_repayments_tenant_id_application_id_financing_applications_tenant_id_id_fk" FOREIGN KEY ("tenant_id","application_id") REFERENCES "public"."financing_applications"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "financing_repayments" ADD CONSTRAINT "financing_repayments_tenant_id_rent_id_rents_tenant_id_id_fk" FOREIGN KEY ("tenant_id","rent_id") REFERENCES "public"."rents"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "financing_vouchers" ADD CONSTRAINT "financing_vouchers_tenant_id_application_id_financing_applications_tenant_id_id_fk" FOREIGN KEY ("tenant_id","application_id") REFERENCES "public"."financing_applications"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "financing_waivers" ADD CONSTRAINT "financing_waivers_tenant_id_instalment_id_financing_instalments_tenant_id_id_fk" FOREIGN KEY ("tenant_id","instalment_id") REFERENCES "public"."financing_instalments"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "booked_cars_code_uq" ON "booked_cars" USING btree ("tenant_id","code");--> statement-breakpoint
CREATE INDEX "booked_cars_rent_ix" ON "booked_cars" USING btree ("tenant_id","rent_id","id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "financing_activities_application_ix" ON "financing_activities" USING btree ("tenant_id","application_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "financing_applications_code_uq" ON "financing_applications" USING btree ("tenant_id","code");--> statement-breakpoint
CREATE UNIQUE INDEX "financing_applications_live_car_uq" ON "financing_applications" USING btree ("tenant_id","car_id") WHERE state not in ('S9', 'S10');--> statement-breakpoint
CREATE INDEX "financing_applications_rent_ix" ON "financing_applications" USING btree ("tenant_id","rent_id","state","id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "financing_applications_financier_ix" ON "financing_applications" USING btree ("financier_id","state","id" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "financing_apply_items_uq" ON "financing_apply_items" USING btree ("tenant_id","application_id","code");--> statement-breakpoint
CREATE INDEX "financing_car_types_product_ix" ON "financing_car_types" USING btree ("tenant_id","product_id");--> statement-breakpoint
CREATE INDEX "financing_certificates_application_ix" ON "financing_certificates" USING btree ("tenant_id","application_id");--> statement-breakpoint
CREATE UNIQUE INDEX "financing_deposit_returns_live_uq" ON "financing_deposit_returns" USING btree ("tenant_id","application_id") WHERE state in ('applied', 'approved');--> statement-breakpoint
CREATE UNIQUE INDEX "financing_instalments_period_uq" ON "financing_instalments" USING btree ("tenant_id","application_id","period");--> statement-breakpoint
CREATE UNIQUE INDEX "financing_instalments_code_uq" ON "financing_instalments" USING btree ("tenant_id","code");--> statement-breakpoint
CREATE INDEX "financing_instalments_rent_ix" ON "financing_instalments" USING btree ("tenant_id","rent_id","due_date");--> statement-breakpoint
CREATE INDEX "financing_instalments_financier_ix" ON "financing_instalments" USING btree ("financier_id","state","due_date");--> statement-breakpoint
CREATE INDEX "financing_limits_financier_ix" ON "financing_limits" USING btree ("financier_id","tenant_id");--> statement-breakpoint
CREATE UNIQUE INDEX "financing_products_code_uq" ON "financing_products" USING btree ("tenant_id","code");--> statement-breakpoint
CREATE INDEX "financing_rent_or_sale_application_ix" ON "financing_rent_or_sale" USING btree ("tenant_id","application_id","id");--> statement-breakpoint
CREATE INDEX "financing_rent_or_sale_state_ix" ON "financing_rent_or_sale" USING btree ("tenant_id","state","id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "financing_repayment_lines_repayment_ix" ON "financing_repayment_lines" USING btree ("tenant_id","repayment_id");--> statement-breakpoint
CREATE INDEX "financing_repayment_lines_instalment_ix" ON "financing_repayment_lines" USING btree ("tenant_id","instalment_id");--> statement-breakpoint
CREATE UNIQUE INDEX "financing_repayments_code_uq" ON "financing_repayments" USING btree ("tenant_id","code");--> statement-breakpoint
CREATE INDEX "financing_repayments_rent_ix" ON "financing_repayments" USING btree ("tenant_id","rent_id","id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "financing_repayments_application_ix" ON "financing_repayments" USING btree ("tenant_id","application_id","id");--> statement-breakpoint
CREATE INDEX "financing_repayments_financier_ix" ON "financing_repayments" USING btree ("financier_id","id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "financing_waivers_instalment_ix" ON "financing_waivers" USING btree ("tenant_id","instalment_id");