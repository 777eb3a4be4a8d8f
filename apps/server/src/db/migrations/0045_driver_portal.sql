CREATE TABLE "driver_levels" (
	"tenant_id" bigint NOT NULL,
	"driver_id" bigint NOT NULL,
	"level" text NOT NULL,
	"on_time_months" integer NOT NULL,
	"violations" integer NOT NULL,
	"accidents" integer NOT NULL,
	"overdue_now" integer DEFAULT 0 NOT NULL,
	"since" date NOT NULL,
	"computed_on" date NOT NULL,
	CONSTRAINT "driver_levels_tenant_id_driver_id_pk" PRIMARY KEY("tenant_id","driver_id")
);
--> statement-breakpoint
CREATE TABLE "driver_notices" (
	"tenant_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "driver_notices_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"driver_id" bigint NOT NULL,
	"key" text NOT NULL,
	"params" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "driver_notices_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "driver_order_lines" (
	"tenant_id" bigint NOT NULL,
	"order_id" bigint NOT NULL,
	"line_id" bigint NOT NULL,
	"driver_id" bigint NOT NULL,
	"amount_fen" bigint NOT NULL,
	CONSTRAINT "driver_order_lines_tenant_id_order_id_line_id_pk" PRIMARY KEY("tenant_id","order_id","line_id"),
	CONSTRAINT "driver_order_lines_amount_ck" CHECK (amount_fen > 0)
);
--> statement-breakpoint
CREATE TABLE "driver_sessions" (
	"tenant_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "driver_sessions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"driver_id" bigint NOT NULL,
	"phone" text NOT NULL,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ip" text,
	CONSTRAINT "driver_sessions_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "driver_submissions" (
	"tenant_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "driver_submissions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"driver_id" bigint NOT NULL,
	"rent_id" bigint NOT NULL,
	"kind" text NOT NULL,
	"violation_id" bigint,
	"details" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"files" text[] DEFAULT '{}'::text[] NOT NULL,
	"note" text,
	"state" text DEFAULT 'pending' NOT NULL,
	"review_note" text,
	"reviewed_by" bigint,
	"reviewed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "driver_submissions_tenant_id_id_pk" PRIMARY KEY("tenant_id","id"),
	CONSTRAINT "driver_submissions_kind_ck" CHECK (kind in ('licence', 'idCard', 'violationProof')),
	CONSTRAINT "driver_submissions_state_ck" CHECK (state in ('pending', 'approved', 'rejected')),
	CONSTRAINT "driver_submissions_violation_ck" CHECK ((kind = 'violationProof') = (violation_id is not null))
);
--> statement-breakpoint
ALTER TABLE "verify_codes" DROP CONSTRAINT "verify_codes_purpose_ck";--> statement-breakpoint
ALTER TABLE "orders" DROP CONSTRAINT "orders_type_ck";--> statement-breakpoint
ALTER TABLE "operation_logs" ADD COLUMN "driver_id" bigint;--> statement-breakpoint
ALTER TABLE "files" ADD COLUMN "driver_id" bigint;--> statement-breakpoint
ALTER TABLE "driver_levels" ADD CONSTRAINT "driver_levels_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "driver_levels" ADD CONSTRAINT "driver_levels_tenant_id_driver_id_drivers_tenant_id_id_fk" FOREIGN KEY ("tenant_id","driver_id") REFERENCES "public"."drivers"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "driver_notices" ADD CONSTRAINT "driver_notices_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "driver_notices" ADD CONSTRAINT "driver_notices_tenant_id_driver_id_drivers_tenant_id_id_fk" FOREIGN KEY ("tenant_id","driver_id") REFERENCES "public"."drivers"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "driver_order_lines" ADD CONSTRAINT "driver_order_lines_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "driver_order_lines" ADD CONSTRAINT "driver_order_lines_tenant_id_order_id_orders_tenant_id_id_fk" FOREIGN KEY ("tenant_id","order_id") REFERENCES "public"."orders"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "driver_sessions" ADD CONSTRAINT "driver_sessions_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "driver_sessions" ADD CONSTRAINT "driver_sessions_tenant_id_driver_id_drivers_tenant_id_id_fk" FOREIGN KEY ("tenant_id","driver_id") REFERENCES "public"."drivers"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "driver_submissions" ADD CONSTRAINT "driver_submissions_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "driver_submissions" ADD CONSTRAINT "driver_submissions_tenant_id_driver_id_drivers_tenant_id_id_fk" FOREIGN KEY ("tenant_id","driver_id") REFERENCES "public"."drivers"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "driver_submissions" ADD CONSTRAINT "driver_submissions_tenant_id_reviewed_by_users_tenant_id_id_fk" FOREIGN KEY ("tenant_id","reviewed_by") REFERENCES "public"."users"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "driver_notices_driver_ix" ON "driver_notices" USING btree ("tenant_id","driver_id","created_at");--> statement-breakpoint
CREATE INDEX "driver_order_lines_line_ix" ON "driver_order_lines" USING btree ("tenant_id","line_id");--> statement-breakpoint
CREATE UNIQUE INDEX "driver_sessions_token_uq" ON "driver_sessions" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "driver_sessions_driver_ix" ON "driver_sessions" USING btree ("tenant_id","driver_id");--> statement-breakpoint
CREATE INDEX "driver_submissions_driver_ix" ON "driver_submissions" USING btree ("tenant_id","driver_id","id");--> statement-breakpoint
CREATE INDEX "driver_submissions_state_ix" ON "driver_submissions" USING btree ("tenant_id","state","id");--> statement-breakpoint
CREATE UNIQUE INDEX "driver_submissions_pending_uq" ON "driver_submissions" USING btree ("tenant_id","driver_id","kind",coalesce(violation_id, 0)) WHERE state = 'pending';--> statement-breakpoint
ALTER TABLE "verify_codes" ADD CONSTRAINT "verify_codes_purpose_ck" CHECK (purpose in ('login', 'reset', 'register', 'qr', 'phoneChange', 'driverLogin'));--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_type_ck" CHECK (type in ('membership', 'topUp', 'service', 'financing', 'booking', 'renterTopUp', 'driverRent'));