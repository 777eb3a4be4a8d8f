CREATE SEQUENCE "public"."order_no_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 20;--> statement-breakpoint
CREATE TABLE "balance_ledger" (
	"tenant_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "balance_ledger_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"kind" text NOT NULL,
	"amount_fen" bigint NOT NULL,
	"balance_after_fen" bigint NOT NULL,
	"order_id" bigint,
	"refund_id" bigint,
	"service_code" text,
	"units" integer,
	"description" text NOT NULL,
	"created_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "balance_ledger_tenant_id_id_pk" PRIMARY KEY("tenant_id","id"),
	CONSTRAINT "balance_ledger_kind_ck" CHECK (kind in ('topUp', 'charge', 'chargeRefund', 'withdraw', 'withdrawReversal')),
	CONSTRAINT "balance_ledger_after_ck" CHECK (balance_after_fen >= 0),
	CONSTRAINT "balance_ledger_amount_ck" CHECK (amount_fen <> 0)
);
--> statement-breakpoint
CREATE TABLE "order_refunds" (
	"tenant_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "order_refunds_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"order_id" bigint NOT NULL,
	"refund_no" text NOT NULL,
	"channel" text NOT NULL,
	"refund_key" text,
	"units" integer,
	"amount_fen" bigint NOT NULL,
	"reason" text NOT NULL,
	"status" text NOT NULL,
	"provider_refund_id" text,
	"failure" text,
	"created_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	CONSTRAINT "order_refunds_tenant_id_id_pk" PRIMARY KEY("tenant_id","id"),
	CONSTRAINT "order_refunds_channel_ck" CHECK (channel in ('balance', 'provider')),
	CONSTRAINT "order_refunds_status_ck" CHECK (status in ('processing', 'succeeded', 'failed')),
	CONSTRAINT "order_refunds_amount_ck" CHECK (amount_fen >= 0)
);
--> statement-breakpoint
CREATE TABLE "pay_notifications" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "pay_notifications_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"provider" text NOT NULL,
	"notify_id" text NOT NULL,
	"order_no" text,
	"tenant_id" bigint,
	"amount_fen" bigint,
	"outcome" text NOT NULL,
	"detail" jsonb,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "pay_sandbox_trades" (
	"order_no" text PRIMARY KEY NOT NULL,
	"amount_fen" bigint NOT NULL,
	"description" text NOT NULL,
	"token" text NOT NULL,
	"state" text DEFAULT 'waiting' NOT NULL,
	"trade_no" text NOT NULL,
	"refunded_fen" bigint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"paid_at" timestamp with time zone,
	CONSTRAINT "pay_sandbox_trades_state_ck" CHECK (state in ('waiting', 'scanned', 'approved', 'declined', 'closed'))
);
--> statement-breakpoint
CREATE TABLE "tenant_balances" (
	"tenant_id" bigint PRIMARY KEY NOT NULL,
	"balance_fen" bigint DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tenant_balances_nonnegative_ck" CHECK (balance_fen >= 0)
);
--> statement-breakpoint
ALTER TABLE "orders" DROP CONSTRAINT "orders_status_ck";--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "service_code" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "units" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "unit_price_fen" bigint;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "reference_type" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "reference_id" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "pay_method" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "pay_code_url" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "pay_requested_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "pay_queried_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "provider_trade_no" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "refunded_fen" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "refunded_units" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "closed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "membership_from" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "membership_to" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "balance_ledger" ADD CONSTRAINT "balance_ledger_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "balance_ledger" ADD CONSTRAINT "balance_ledger_tenant_id_order_id_orders_tenant_id_id_fk" FOREIGN KEY ("tenant_id","order_id") REFERENCES "public"."orders"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_refunds" ADD CONSTRAINT "order_refunds_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_refunds" ADD CONSTRAINT "order_refunds_tenant_id_order_id_orders_tenant_id_id_fk" FOREIGN KEY ("tenant_id","order_id") REFERENCES "public"."orders"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tenant_balances" ADD CONSTRAINT "tenant_balances_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "balance_ledger_created_ix" ON "balance_ledger" USING btree ("tenant_id","created_at");--> statement-breakpoint
CREATE INDEX "balance_ledger_order_ix" ON "balance_ledger" USING btree ("tenant_id","order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "order_refunds_no_uq" ON "order_refunds" USING btree ("refund_no");--> statement-breakpoint
CREATE UNIQUE INDEX "order_refunds_key_uq" ON "order_refunds" USING btree ("tenant_id","order_id","refund_key");--> statement-breakpoint
CREATE INDEX "order_refunds_processing_ix" ON "order_refunds" USING btree ("created_at") WHERE status = 'processing';--> statement-breakpoint
CREATE UNIQUE INDEX "pay_notifications_uq" ON "pay_notifications" USING btree ("provider","notify_id");--> statement-breakpoint
CREATE INDEX "pay_notifications_order_ix" ON "pay_notifications" USING btree ("order_no");--> statement-breakpoint
CREATE INDEX "orders_type_ix" ON "orders" USING btree ("tenant_id","type","created_at");--> statement-breakpoint
CREATE INDEX "orders_unpaid_ix" ON "orders" USING btree ("expires_at") WHERE status = 'unpaid';--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_type_ck" CHECK (type in ('membership', 'topUp', 'service'));--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_pay_method_ck" CHECK (pay_method is null or pay_method in ('sandbox', 'wechat', 'alipay', 'balance'));--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_refunded_ck" CHECK (refunded_fen >= 0 and refunded_fen <= amount_fen);--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_status_ck" CHECK (status in ('unpaid', 'paid', 'partRefunded', 'refunded', 'cancelled', 'closed'));