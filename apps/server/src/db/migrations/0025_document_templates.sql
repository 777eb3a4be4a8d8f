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
ALTER TABLE "document_templates" ADD CONSTRAINT "document_templates_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;