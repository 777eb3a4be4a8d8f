CREATE TABLE "financing_overdue_notices" (
	"tenant_id" bigint NOT NULL,
	"instalment_id" bigint NOT NULL,
	"bucket" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "financing_overdue_notices_tenant_id_instalment_id_bucket_pk" PRIMARY KEY("tenant_id","instalment_id","bucket")
);
--> statement-breakpoint
CREATE TABLE "financing_payoffs" (
	"tenant_id" bigint NOT NULL,
	"repayment_id" bigint NOT NULL,
	"application_id" bigint NOT NULL,
	"current_period" integer NOT NULL,
	"remaining_principal_fen" bigint NOT NULL,
	"break_fee_fen" bigint NOT NULL,
	"overdue_fen" bigint NOT NULL,
	"late_fees_fen" bigint NOT NULL,
	"deposit_used_fen" bigint NOT NULL,
	"total_fen" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "financing_payoffs_tenant_id_repayment_id_pk" PRIMARY KEY("tenant_id","repayment_id")
);
--> statement-breakpoint
ALTER TABLE "orders" DROP CONSTRAINT "orders_type_ck";--> statement-breakpoint
ALTER TABLE "financing_overdue_notices" ADD CONSTRAINT "financing_overdue_notices_tenant_id_instalment_id_financing_instalments_tenant_id_id_fk" FOREIGN KEY ("tenant_id","instalment_id") REFERENCES "public"."financing_instalments"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "financing_payoffs" ADD CONSTRAINT "financing_payoffs_tenant_id_repayment_id_financing_repayments_tenant_id_id_fk" FOREIGN KEY ("tenant_id","repayment_id") REFERENCES "public"."financing_repayments"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "financing_payoffs" ADD CONSTRAINT "financing_payoffs_tenant_id_application_id_financing_applications_tenant_id_id_fk" FOREIGN KEY ("tenant_id","application_id") REFERENCES "public"."financing_applications"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "financing_payoffs_application_ix" ON "financing_payoffs" USING btree ("tenant_id","application_id");--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_type_ck" CHECK (type in ('membership', 'topUp', 'service', 'financing'));