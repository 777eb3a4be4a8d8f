CREATE TABLE "team_flow_syncs" (
	"tenant_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "team_flow_syncs_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"platform" text NOT NULL,
	"from_day" date NOT NULL,
	"to_day" date NOT NULL,
	"state" text NOT NULL,
	"fetched" integer DEFAULT 0 NOT NULL,
	"written" integer DEFAULT 0 NOT NULL,
	"unknown" integer DEFAULT 0 NOT NULL,
	"unknown_phones" text[] DEFAULT '{}'::text[] NOT NULL,
	"error" text,
	"created_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "team_flow_syncs_tenant_id_id_pk" PRIMARY KEY("tenant_id","id"),
	CONSTRAINT "team_flow_syncs_platform_ck" CHECK (platform in ('didi', 'gaode', 'caocao', 't3', 'meituan', 'other')),
	CONSTRAINT "team_flow_syncs_state_ck" CHECK (state in ('done', 'failed'))
);
--> statement-breakpoint
ALTER TABLE "team_flow_syncs" ADD CONSTRAINT "team_flow_syncs_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_flow_syncs" ADD CONSTRAINT "team_flow_syncs_tenant_id_created_by_users_tenant_id_id_fk" FOREIGN KEY ("tenant_id","created_by") REFERENCES "public"."users"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "team_flow_syncs_platform_ix" ON "team_flow_syncs" USING btree ("tenant_id","platform","id");