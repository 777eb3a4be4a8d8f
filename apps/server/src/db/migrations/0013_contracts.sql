CREATE TABLE "collection_accounts" (
	"tenant_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "collection_accounts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"kind" text NOT NULL,
	"balance_fen" bigint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "collection_accounts_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "debt_follow_ups" (
	"tenant_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "debt_follow_ups_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"contract_id" bigint NOT NULL,
	"note" text NOT NULL,
	"user_id" bigint,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "debt_follow_ups_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "rental_collections" (
	"tenant_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "rental_collections_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"contract_id" bigint NOT NULL,
	"line_id" bigint NOT NULL,
	"account_id" bigint NOT NULL,
	"amount_fen" bigint NOT NULL,
	"balance_after_fen" bigint NOT NULL,
	"paid_date" date NOT NULL,
	"user_id" bigint,
	"remark" text,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "rental_collections_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "rental_contract_events" (
	"tenant_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "rental_contract_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"contract_id" bigint NOT NULL,
	"kind" text NOT NULL,
	"from_state" text,
	"to_state" text,
	"remark" text,
	"user_id" bigint,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "rental_contract_events_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "rental_contract_numbers" (
	"tenant_id" bigint NOT NULL,
	"prefix" text NOT NULL,
	"last" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "rental_contract_numbers_tenant_id_prefix_pk" PRIMARY KEY("tenant_id","prefix")
);
--> statement-breakpoint
CREATE TABLE "rental_contracts" (
	"tenant_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "rental_contracts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"rent_id" bigint NOT NULL,
	"number" text NOT NULL,
	"group_no" text NOT NULL,
	"group_seq" integer DEFAULT 1 NOT NULL,
	"driver_id" bigint NOT NULL,
	"car_id" bigint NOT NULL,
	"template" text,
	"type" text NOT NULL,
	"period" text NOT NULL,
	"billing" text NOT NULL,
	"payment_day" integer,
	"start_date" date NOT NULL,
	"end_date" date NOT NULL,
	"instalments" integer NOT NULL,
	"rental_days" integer NOT NULL,
	"free_days" integer DEFAULT 0 NOT NULL,
	"deposit_fen" bigint DEFAULT 0 NOT NULL,
	"management_fee_fen" bigint DEFAULT 0 NOT NULL,
	"rent_fen" bigint NOT NULL,
	"total_rent_fen" bigint NOT NULL,
	"insurance_base_fen" bigint DEFAULT 0 NOT NULL,
	"insurance_extra_fen" bigint DEFAULT 0 NOT NULL,
	"buy_out_fen" bigint,
	"total_fen" bigint NOT NULL,
	"discount_plan" text,
	"discount_fen" bigint DEFAULT 0 NOT NULL,
	"discount_state" text DEFAULT 'none' NOT NULL,
	"clauses" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"attachments" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"state" text DEFAULT 'pending' NOT NULL,
	"dispatched" boolean DEFAULT false NOT NULL,
	"debt_assignee_id" bigint,
	"remark" text,
	"signed_at" timestamp with time zone,
	"ended_at" timestamp with time zone,
	"created_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "rental_contracts_tenant_id_id_pk" PRIMARY KEY("tenant_id","id"),
	CONSTRAINT "rental_contracts_state_ck" CHECK (state in ('pending', 'signed', 'completed', 'terminated', 'cancelled'))
);
--> statement-breakpoint
CREATE TABLE "rental_payment_lines" (
	"tenant_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "rental_payment_lines_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"contract_id" bigint NOT NULL,
	"rent_id" bigint NOT NULL,
	"type" text NOT NULL,
	"period" integer,
	"period_start" date,
	"period_end" date,
	"due_date" date NOT NULL,
	"amount_fen" bigint NOT NULL,
	"paid_fen" bigint DEFAULT 0 NOT NULL,
	"state" text DEFAULT 'unpaid' NOT NULL,
	"paid_date" date,
	"account_id" bigint,
	"late_fee_for" bigint,
	"overdue_days" integer DEFAULT 0 NOT NULL,
	"valid" boolean DEFAULT true NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	"remark" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "rental_payment_lines_tenant_id_id_pk" PRIMARY KEY("tenant_id","id"),
	CONSTRAINT "rental_payment_lines_state_ck" CHECK (state in ('unpaid', 'partial', 'paid', 'waived')),
	CONSTRAINT "rental_payment_lines_paid_ck" CHECK (abs(paid_fen) <= abs(amount_fen))
);
--> statement-breakpoint
CREATE TABLE "rental_reminders" (
	"tenant_id" bigint NOT NULL,
	"key" text NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "rental_reminders_tenant_id_key_pk" PRIMARY KEY("tenant_id","key")
);
--> statement-breakpoint
ALTER TABLE "collection_accounts" ADD CONSTRAINT "collection_accounts_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "debt_follow_ups" ADD CONSTRAINT "debt_follow_ups_tenant_id_contract_id_rental_contracts_tenant_id_id_fk" FOREIGN KEY ("tenant_id","contract_id") REFERENCES "public"."rental_contracts"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rental_collections" ADD CONSTRAINT "rental_collections_tenant_id_line_id_rental_payment_lines_tenant_id_id_fk" FOREIGN KEY ("tenant_id","line_id") REFERENCES "public"."rental_payment_lines"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rental_collections" ADD CONSTRAINT "rental_collections_tenant_id_account_id_collection_accounts_tenant_id_id_fk" FOREIGN KEY ("tenant_id","account_id") REFERENCES "public"."collection_accounts"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rental_contract_events" ADD CONSTRAINT "rental_contract_events_tenant_id_contract_id_rental_contracts_tenant_id_id_fk" FOREIGN KEY ("tenant_id","contract_id") REFERENCES "public"."rental_contracts"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rental_contracts" ADD CONSTRAINT "rental_contracts_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rental_contracts" ADD CONSTRAINT "rental_contracts_tenant_id_rent_id_rents_tenant_id_id_fk" FOREIGN KEY ("tenant_id","rent_id") REFERENCES "public"."rents"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rental_contracts" ADD CONSTRAINT "rental_contracts_tenant_id_driver_id_drivers_tenant_id_id_fk" FOREIGN KEY ("tenant_id","driver_id") REFERENCES "public"."drivers"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rental_contracts" ADD CONSTRAINT "rental_contracts_tenant_id_car_id_cars_tenant_id_id_fk" FOREIGN KEY ("tenant_id","car_id") REFERENCES "public"."cars"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rental_payment_lines" ADD CONSTRAINT "rental_payment_lines_tenant_id_contract_id_rental_contracts_tenant_id_id_fk" FOREIGN KEY ("tenant_id","contract_id") REFERENCES "public"."rental_contracts"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "collection_accounts_name_uq" ON "collection_accounts" USING btree ("tenant_id","name");--> statement-breakpoint
CREATE INDEX "debt_follow_ups_contract_ix" ON "debt_follow_ups" USING btree ("tenant_id","contract_id","id");--> statement-breakpoint
CREATE INDEX "rental_collections_contract_ix" ON "rental_collections" USING btree ("tenant_id","contract_id","id");--> statement-breakpoint
CREATE INDEX "rental_collections_account_ix" ON "rental_collections" USING btree ("tenant_id","account_id","id");--> statement-breakpoint
CREATE INDEX "rental_contract_events_contract_ix" ON "rental_contract_events" USING btree ("tenant_id","contract_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "rental_contracts_number_uq" ON "rental_contracts" USING btree ("tenant_id","number");--> statement-breakpoint
CREATE UNIQUE INDEX "rental_contracts_live_car_uq" ON "rental_contracts" USING btree ("tenant_id","car_id") WHERE state in ('pending', 'signed');--> statement-breakpoint
CREATE INDEX "rental_contracts_rent_ix" ON "rental_contracts" USING btree ("tenant_id","rent_id","state","id");--> statement-breakpoint
CREATE INDEX "rental_contracts_state_ix" ON "rental_contracts" USING btree ("tenant_id","state","id","rent_id");--> statement-breakpoint
CREATE INDEX "rental_contracts_driver_ix" ON "rental_contracts" USING btree ("tenant_id","driver_id");--> statement-breakpoint
CREATE INDEX "rental_contracts_car_ix" ON "rental_contracts" USING btree ("tenant_id","car_id");--> statement-breakpoint
CREATE INDEX "rental_payment_lines_contract_ix" ON "rental_payment_lines" USING btree ("tenant_id","contract_id","due_date");--> statement-breakpoint
CREATE INDEX "rental_payment_lines_open_ix" ON "rental_payment_lines" USING btree ("tenant_id","due_date","rent_id") WHERE state in ('unpaid', 'partial') and valid;--> statement-breakpoint
CREATE UNIQUE INDEX "rental_payment_lines_late_fee_uq" ON "rental_payment_lines" USING btree ("tenant_id","late_fee_for") WHERE late_fee_for is not null;