CREATE TABLE "esign_events" (
	"tenant_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "esign_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"flow_id" bigint NOT NULL,
	"kind" text NOT NULL,
	"actor" text,
	"text" text,
	"sha256" text,
	"payload" jsonb,
	"at" timestamp with time zone NOT NULL,
	CONSTRAINT "esign_events_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "esign_flows" (
	"tenant_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "esign_flows_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"contract_id" bigint NOT NULL,
	"rent_id" bigint NOT NULL,
	"flow_no" text NOT NULL,
	"provider" text NOT NULL,
	"provider_flow_id" text NOT NULL,
	"state" text NOT NULL,
	"title" text NOT NULL,
	"account_id" bigint NOT NULL,
	"paid_date" date,
	"sent_sha256" text NOT NULL,
	"fee_fen" bigint DEFAULT 0 NOT NULL,
	"charge_id" bigint,
	"fee_refunded" boolean DEFAULT false NOT NULL,
	"created_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"completed_at" timestamp with time zone,
	"ended_reason" text,
	"reminded_at" timestamp with time zone,
	"signed_document_id" bigint,
	"signed_sha256" text,
	"evidence_no" text,
	"sign_error" text,
	CONSTRAINT "esign_flows_tenant_id_id_pk" PRIMARY KEY("tenant_id","id"),
	CONSTRAINT "esign_flows_state_ck" CHECK (state in ('signing', 'completed', 'refused', 'cancelled', 'expired'))
);
--> statement-breakpoint
CREATE TABLE "esign_sandbox_flows" (
	"flow_id" text PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"company" text NOT NULL,
	"pdf_key" text NOT NULL,
	"notify_url" text NOT NULL,
	"state" text NOT NULL,
	"signers" jsonb NOT NULL,
	"signed_key" text,
	"evidence_no" text,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "esign_signers" (
	"tenant_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "esign_signers_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"flow_id" bigint NOT NULL,
	"role" text NOT NULL,
	"sign_order" integer NOT NULL,
	"name" text NOT NULL,
	"phone" text,
	"id_number" text,
	"provider_signer_id" text NOT NULL,
	"state" text NOT NULL,
	"sign_url" text,
	"signed_at" timestamp with time zone,
	"refused_reason" text,
	CONSTRAINT "esign_signers_tenant_id_id_pk" PRIMARY KEY("tenant_id","id"),
	CONSTRAINT "esign_signers_state_ck" CHECK (state in ('waiting', 'signing', 'signed', 'refused')),
	CONSTRAINT "esign_signers_role_ck" CHECK (role in ('driver', 'company'))
);
--> statement-breakpoint
CREATE TABLE "notarization_documents" (
	"tenant_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "notarization_documents_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"notarization_id" bigint NOT NULL,
	"kind" text NOT NULL,
	"file_key" text NOT NULL,
	"file_name" text NOT NULL,
	"size" bigint NOT NULL,
	"sha256" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "notarization_documents_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "notarization_evidence" (
	"tenant_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "notarization_evidence_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"notarization_id" bigint NOT NULL,
	"seq" integer NOT NULL,
	"step" text NOT NULL,
	"actor" text,
	"summary" text,
	"request" jsonb NOT NULL,
	"response" jsonb NOT NULL,
	"request_sha256" text NOT NULL,
	"response_sha256" text NOT NULL,
	"chain_sha256" text NOT NULL,
	"at" timestamp with time zone NOT NULL,
	CONSTRAINT "notarization_evidence_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "notarizations" (
	"tenant_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "notarizations_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"number" text NOT NULL,
	"contract_id" bigint NOT NULL,
	"rent_id" bigint NOT NULL,
	"driver_id" bigint NOT NULL,
	"kind" text NOT NULL,
	"state" text NOT NULL,
	"notary_office" text NOT NULL,
	"copies" integer NOT NULL,
	"delivery" text NOT NULL,
	"remark" text,
	"id_front" text,
	"id_back" text,
	"licence" text,
	"attachments" text[] DEFAULT '{}'::text[] NOT NULL,
	"esign_flow_id" bigint,
	"fee_fen" bigint DEFAULT 0 NOT NULL,
	"charge_id" bigint,
	"fee_refunded" boolean DEFAULT false NOT NULL,
	"provider" text NOT NULL,
	"case_no" text,
	"supplement_request" text,
	"reject_reason" text,
	"withdraw_reason" text,
	"certificate_no" text,
	"certificate_date" date,
	"version" integer DEFAULT 0 NOT NULL,
	"created_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"submitted_at" timestamp with time zone,
	"decided_at" timestamp with time zone,
	CONSTRAINT "notarizations_tenant_id_id_pk" PRIMARY KEY("tenant_id","id"),
	CONSTRAINT "notarizations_state_ck" CHECK (state in ('draft', 'submitted', 'reviewing', 'supplement', 'notarized', 'rejected', 'withdrawn')),
	CONSTRAINT "notarizations_kind_ck" CHECK (kind in ('enforcement', 'contract', 'evidence')),
	CONSTRAINT "notarizations_delivery_ck" CHECK (delivery in ('electronic', 'paper', 'both')),
	CONSTRAINT "notarizations_copies_ck" CHECK (copies between 1 and 10)
);
--> statement-breakpoint
CREATE TABLE "notary_sandbox_cases" (
	"case_no" text PRIMARY KEY NOT NULL,
	"token" text NOT NULL,
	"company" text NOT NULL,
	"applicant" text NOT NULL,
	"kind" text NOT NULL,
	"notary_office" text NOT NULL,
	"state" text NOT NULL,
	"documents" jsonb NOT NULL,
	"supplement_request" text,
	"supplement_note" text,
	"certificate_no" text,
	"certificate_key" text,
	"notify_url" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "provider_callbacks" (
	"kind" text NOT NULL,
	"provider" text NOT NULL,
	"callback_key" text NOT NULL,
	"tenant_id" bigint,
	"received_at" timestamp with time zone NOT NULL,
	CONSTRAINT "provider_callbacks_kind_provider_callback_key_pk" PRIMARY KEY("kind","provider","callback_key")
);
--> statement-breakpoint
ALTER TABLE "contract_documents" ADD COLUMN "sha256" text;--> statement-breakpoint
ALTER TABLE "contract_documents" ADD COLUMN "evidence_no" text;--> statement-breakpoint
ALTER TABLE "esign_events" ADD CONSTRAINT "esign_events_tenant_id_flow_id_esign_flows_tenant_id_id_fk" FOREIGN KEY ("tenant_id","flow_id") REFERENCES "public"."esign_flows"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "esign_flows" ADD CONSTRAINT "esign_flows_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "esign_flows" ADD CONSTRAINT "esign_flows_tenant_id_contract_id_rental_contracts_tenant_id_id_fk" FOREIGN KEY ("tenant_id","contract_id") REFERENCES "public"."rental_contracts"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "esign_signers" ADD CONSTRAINT "esign_signers_tenant_id_flow_id_esign_flows_tenant_id_id_fk" FOREIGN KEY ("tenant_id","flow_id") REFERENCES "public"."esign_flows"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notarization_documents" ADD CONSTRAINT "notarization_documents_tenant_id_notarization_id_notarizations_tenant_id_id_fk" FOREIGN KEY ("tenant_id","notarization_id") REFERENCES "public"."notarizations"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notarization_evidence" ADD CONSTRAINT "notarization_evidence_tenant_id_notarization_id_notarizations_tenant_id_id_fk" FOREIGN KEY ("tenant_id","notarization_id") REFERENCES "public"."notarizations"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notarizations" ADD CONSTRAINT "notarizations_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notarizations" ADD CONSTRAINT "notarizations_tenant_id_contract_id_rental_contracts_tenant_id_id_fk" FOREIGN KEY ("tenant_id","contract_id") REFERENCES "public"."rental_contracts"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "esign_events_flow_ix" ON "esign_events" USING btree ("tenant_id","flow_id");--> statement-breakpoint
CREATE UNIQUE INDEX "esign_flows_no_uq" ON "esign_flows" USING btree ("flow_no");--> statement-breakpoint
CREATE UNIQUE INDEX "esign_flows_provider_uq" ON "esign_flows" USING btree ("provider","provider_flow_id");--> statement-breakpoint
CREATE UNIQUE INDEX "esign_flows_open_uq" ON "esign_flows" USING btree ("tenant_id","contract_id") WHERE state = 'signing';--> statement-breakpoint
CREATE INDEX "esign_flows_contract_ix" ON "esign_flows" USING btree ("tenant_id","contract_id");--> statement-breakpoint
CREATE UNIQUE INDEX "esign_signers_order_uq" ON "esign_signers" USING btree ("tenant_id","flow_id","sign_order");--> statement-breakpoint
CREATE INDEX "notarization_documents_ix" ON "notarization_documents" USING btree ("tenant_id","notarization_id");--> statement-breakpoint
CREATE UNIQUE INDEX "notarization_evidence_seq_uq" ON "notarization_evidence" USING btree ("tenant_id","notarization_id","seq");--> statement-breakpoint
CREATE UNIQUE INDEX "notarizations_number_uq" ON "notarizations" USING btree ("tenant_id","number");--> statement-breakpoint
CREATE UNIQUE INDEX "notarizations_case_uq" ON "notarizations" USING btree ("provider","case_no");--> statement-breakpoint
CREATE INDEX "notarizations_list_ix" ON "notarizations" USING btree ("tenant_id","created_at");--> statement-breakpoint
CREATE INDEX "notarizations_contract_ix" ON "notarizations" USING btree ("tenant_id","contract_id");--> statement-breakpoint
CREATE INDEX "provider_callbacks_at_ix" ON "provider_callbacks" USING btree ("received_at");