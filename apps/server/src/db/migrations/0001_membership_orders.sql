CREATE TABLE "orders" (
	"tenant_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "orders_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"order_no" text NOT NULL,
	"type" text NOT NULL,
	"plan_code" text,
	"years" integer DEFAULT 1 NOT NULL,
	"amount_fen" bigint NOT NULL,
	"status" text DEFAULT 'unpaid' NOT NULL,
	"created_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"paid_at" timestamp with time zone,
	CONSTRAINT "orders_tenant_id_id_pk" PRIMARY KEY("tenant_id","id"),
	CONSTRAINT "orders_status_ck" CHECK (status in ('unpaid', 'paid', 'cancelled', 'closed'))
);
--> statement-breakpoint
ALTER TABLE "tenants" ADD COLUMN "referral" text;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "orders_no_uq" ON "orders" USING btree ("order_no");--> statement-breakpoint
CREATE INDEX "orders_tenant_ix" ON "orders" USING btree ("tenant_id","created_at");