CREATE TABLE "team_commission_rules" (
	"tenant_id" bigint NOT NULL,
	"team_id" bigint NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"flow_target_fen" bigint DEFAULT 0 NOT NULL,
	"flow_share_permille" integer DEFAULT 0 NOT NULL,
	"on_time_bonus_fen" bigint DEFAULT 0 NOT NULL,
	"violation_penalty_fen" bigint DEFAULT 0 NOT NULL,
	"accident_penalty_fen" bigint DEFAULT 0 NOT NULL,
	"leader_permille" integer DEFAULT 0 NOT NULL,
	"cost_centre_id" bigint,
	"updated_by" bigint,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "team_commission_rules_tenant_id_team_id_pk" PRIMARY KEY("tenant_id","team_id"),
	CONSTRAINT "team_commission_rules_values_ck" CHECK (flow_target_fen >= 0 and flow_share_permille between 0 and 1000 and on_time_bonus_fen >= 0
        and violation_penalty_fen >= 0 and accident_penalty_fen >= 0 and leader_permille between 0 and 200)
);
--> statement-breakpoint
CREATE TABLE "team_statement_lines" (
	"tenant_id" bigint NOT NULL,
	"statement_id" bigint NOT NULL,
	"driver_id" bigint NOT NULL,
	"team_id" bigint,
	"flow_fen" bigint DEFAULT 0 NOT NULL,
	"rent_lines" integer DEFAULT 0 NOT NULL,
	"on_time_lines" integer DEFAULT 0 NOT NULL,
	"violations" integer DEFAULT 0 NOT NULL,
	"accidents" integer DEFAULT 0 NOT NULL,
	"share_fen" bigint DEFAULT 0 NOT NULL,
	"bonus_fen" bigint DEFAULT 0 NOT NULL,
	"penalty_fen" bigint DEFAULT 0 NOT NULL,
	"net_fen" bigint DEFAULT 0 NOT NULL,
	"contract_id" bigint,
	"bill_line_id" bigint,
	CONSTRAINT "team_statement_lines_tenant_id_statement_id_driver_id_pk" PRIMARY KEY("tenant_id","statement_id","driver_id")
);
--> statement-breakpoint
CREATE TABLE "team_statements" (
	"tenant_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "team_statements_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"team_id" bigint NOT NULL,
	"rent_id" bigint NOT NULL,
	"month" text NOT NULL,
	"state" text DEFAULT 'draft' NOT NULL,
	"rule" jsonb NOT NULL,
	"drivers" integer DEFAULT 0 NOT NULL,
	"flow_fen" bigint DEFAULT 0 NOT NULL,
	"reward_fen" bigint DEFAULT 0 NOT NULL,
	"penalty_fen" bigint DEFAULT 0 NOT NULL,
	"net_fen" bigint DEFAULT 0 NOT NULL,
	"leader_user_id" bigint,
	"leader_driver_id" bigint,
	"leader_fen" bigint DEFAULT 0 NOT NULL,
	"approval_id" bigint,
	"computed_at" timestamp with time zone NOT NULL,
	"decided_at" timestamp with time zone,
	CONSTRAINT "team_statements_tenant_id_id_pk" PRIMARY KEY("tenant_id","id"),
	CONSTRAINT "team_statements_state_ck" CHECK (state in ('draft', 'pending', 'approved', 'rejected'))
);
--> statement-breakpoint
ALTER TABLE "team_commission_rules" ADD CONSTRAINT "team_commission_rules_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_commission_rules" ADD CONSTRAINT "team_commission_rules_tenant_id_team_id_teams_tenant_id_id_fk" FOREIGN KEY ("tenant_id","team_id") REFERENCES "public"."teams"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_statement_lines" ADD CONSTRAINT "team_statement_lines_tenant_id_statement_id_team_statements_tenant_id_id_fk" FOREIGN KEY ("tenant_id","statement_id") REFERENCES "public"."team_statements"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_statement_lines" ADD CONSTRAINT "team_statement_lines_tenant_id_driver_id_drivers_tenant_id_id_fk" FOREIGN KEY ("tenant_id","driver_id") REFERENCES "public"."drivers"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_statements" ADD CONSTRAINT "team_statements_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_statements" ADD CONSTRAINT "team_statements_tenant_id_team_id_teams_tenant_id_id_fk" FOREIGN KEY ("tenant_id","team_id") REFERENCES "public"."teams"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "team_statements_month_uq" ON "team_statements" USING btree ("tenant_id","team_id","month");--> statement-breakpoint
CREATE INDEX "team_statements_month_ix" ON "team_statements" USING btree ("tenant_id","month");