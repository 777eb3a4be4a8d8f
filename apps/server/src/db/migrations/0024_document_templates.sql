CREATE TABLE "contract_documents" (
	"tenant_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "contract_documents_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"contract_id" bigint NOT NULL,
	"kind" text NOT NULL,
	"line_id" bigint,
	"version" integer NOT NULL,
	"file_key" text NOT NULL,
	"file_name" text NOT NULL,
	"size" bigint NOT NULL,
	"created_by" bigint,
	"trigger" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "contract_documents_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "document_templates" (
	"tenant_id" bigint NOT NULL,
	"kind" text NOT NULL,
	"title" text NOT NULL,
	"header_lines" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"notes" text DEFAULT '' NOT NULL,
	"footer_lines" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"seal_text" text DEFAULT '' NOT NULL,
	"updated_by" bigint,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "document_templates_tenant_id_kind_pk" PRIMARY KEY("tenant_id","kind"),
	CONSTRAINT "document_templates_kind_ck" CHECK (kind in ('contract', 'settlement', 'receipt', 'inspection'))
);
--> statement-breakpoint
ALTER TABLE "contract_documents" ADD CONSTRAINT "contract_documents_tenant_id_contract_id_rental_contracts_tenant_id_id_fk" FOREIGN KEY ("tenant_id","contract_id") REFERENCES "public"."rental_contracts"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_templates" ADD CONSTRAINT "document_templates_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "contract_documents_version_uq" ON "contract_documents" USING btree ("tenant_id","contract_id","kind",coalesce(line_id, 0),"version");--> statement-breakpoint
CREATE INDEX "contract_documents_contract_ix" ON "contract_documents" USING btree ("tenant_id","contract_id","id");