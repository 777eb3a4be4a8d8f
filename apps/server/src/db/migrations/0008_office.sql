CREATE TABLE "approval_copies" (
	"tenant_id" bigint NOT NULL,
	"request_id" bigint NOT NULL,
	"user_id" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "approval_copies_tenant_id_request_id_user_id_pk" PRIMARY KEY("tenant_id","request_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "approval_flow_versions" (
	"tenant_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "approval_flow_versions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"flow_id" bigint NOT NULL,
	"version" integer NOT NULL,
	"name" text NOT NULL,
	"definition" jsonb NOT NULL,
	"created_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "approval_flow_versions_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "approval_flows" (
	"tenant_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "approval_flows_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"business_type" text NOT NULL,
	"name" text NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"updated_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "approval_flows_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "approval_history" (
	"tenant_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "approval_history_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"request_id" bigint NOT NULL,
	"action" text NOT NULL,
	"step_index" integer,
	"step_name" text,
	"actor_id" bigint,
	"comment" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "approval_history_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "approval_requests" (
	"tenant_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "approval_requests_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"business_type" text NOT NULL,
	"business_id" text,
	"rent_id" bigint,
	"applicant_id" bigint NOT NULL,
	"department_id" bigint,
	"summary" text NOT NULL,
	"amount_fen" bigint,
	"form" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"attachments" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"flow_version_id" bigint,
	"plan" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"current_step" integer,
	"run" integer DEFAULT 0 NOT NULL,
	"submitted_at" timestamp with time zone,
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "approval_requests_tenant_id_id_pk" PRIMARY KEY("tenant_id","id"),
	CONSTRAINT "approval_requests_status_ck" CHECK (status in ('draft', 'pending', 'approved', 'rejected', 'withdrawn'))
);
--> statement-breakpoint
CREATE TABLE "approval_tasks" (
	"tenant_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "approval_tasks_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"request_id" bigint NOT NULL,
	"run" integer NOT NULL,
	"step_index" integer NOT NULL,
	"approver_id" bigint NOT NULL,
	"open" boolean DEFAULT true NOT NULL,
	"decision" text,
	"comment" text,
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "approval_tasks_tenant_id_id_pk" PRIMARY KEY("tenant_id","id"),
	CONSTRAINT "approval_tasks_decision_ck" CHECK (decision is null or decision in ('approved', 'rejected'))
);
--> statement-breakpoint
CREATE TABLE "attendance_absences" (
	"tenant_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "attendance_absences_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" bigint NOT NULL,
	"kind" text NOT NULL,
	"starts_on" date NOT NULL,
	"ends_on" date NOT NULL,
	"request_id" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "attendance_absences_tenant_id_id_pk" PRIMARY KEY("tenant_id","id"),
	CONSTRAINT "attendance_absences_kind_ck" CHECK (kind in ('leave', 'trip'))
);
--> statement-breakpoint
CREATE TABLE "attendance_records" (
	"tenant_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "attendance_records_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" bigint NOT NULL,
	"kind" text NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"day" date NOT NULL,
	"latitude" text,
	"longitude" text,
	"address" text,
	"source" text NOT NULL,
	"created_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "attendance_records_tenant_id_id_pk" PRIMARY KEY("tenant_id","id"),
	CONSTRAINT "attendance_records_kind_ck" CHECK (kind in ('in', 'out')),
	CONSTRAINT "attendance_records_source_ck" CHECK (source in ('web', 'mobile', 'import'))
);
--> statement-breakpoint
CREATE TABLE "attendance_shifts" (
	"tenant_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "attendance_shifts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"department_id" bigint,
	"name" text NOT NULL,
	"work_days" jsonb DEFAULT '[1,2,3,4,5]'::jsonb NOT NULL,
	"start_time" text NOT NULL,
	"end_time" text NOT NULL,
	"grace_minutes" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "attendance_shifts_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "cost_centres" (
	"tenant_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "cost_centres_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"parent_id" bigint,
	"kind" text NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cost_centres_tenant_id_id_pk" PRIMARY KEY("tenant_id","id"),
	CONSTRAINT "cost_centres_kind_ck" CHECK (kind in ('company', 'rent', 'department', 'carGroup'))
);
--> statement-breakpoint
CREATE TABLE "cost_postings" (
	"tenant_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "cost_postings_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"centre_id" bigint NOT NULL,
	"category" text NOT NULL,
	"source_type" text NOT NULL,
	"source_id" text NOT NULL,
	"amount_fen" bigint NOT NULL,
	"occurred_on" date NOT NULL,
	"description" text NOT NULL,
	"created_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cost_postings_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "department_heads" (
	"tenant_id" bigint NOT NULL,
	"department_id" bigint NOT NULL,
	"user_id" bigint NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "department_heads_tenant_id_department_id_pk" PRIMARY KEY("tenant_id","department_id")
);
--> statement-breakpoint
ALTER TABLE "approval_copies" ADD CONSTRAINT "approval_copies_tenant_id_request_id_approval_requests_tenant_id_id_fk" FOREIGN KEY ("tenant_id","request_id") REFERENCES "public"."approval_requests"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "approval_copies" ADD CONSTRAINT "approval_copies_tenant_id_user_id_users_tenant_id_id_fk" FOREIGN KEY ("tenant_id","user_id") REFERENCES "public"."users"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "approval_flow_versions" ADD CONSTRAINT "approval_flow_versions_tenant_id_flow_id_approval_flows_tenant_id_id_fk" FOREIGN KEY ("tenant_id","flow_id") REFERENCES "public"."approval_flows"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "approval_flows" ADD CONSTRAINT "approval_flows_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "approval_history" ADD CONSTRAINT "approval_history_tenant_id_request_id_approval_requests_tenant_id_id_fk" FOREIGN KEY ("tenant_id","request_id") REFERENCES "public"."approval_requests"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "approval_requests" ADD CONSTRAINT "approval_requests_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "approval_requests" ADD CONSTRAINT "approval_requests_tenant_id_applicant_id_users_tenant_id_id_fk" FOREIGN KEY ("tenant_id","applicant_id") REFERENCES "public"."users"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "approval_requests" ADD CONSTRAINT "approval_requests_tenant_id_department_id_departments_tenant_id_id_fk" FOREIGN KEY ("tenant_id","department_id") REFERENCES "public"."departments"("tenant_id","id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "approval_requests" ADD CONSTRAINT "approval_requests_tenant_id_rent_id_rents_tenant_id_id_fk" FOREIGN KEY ("tenant_id","rent_id") REFERENCES "public"."rents"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "approval_requests" ADD CONSTRAINT "approval_requests_tenant_id_flow_version_id_approval_flow_versions_tenant_id_id_fk" FOREIGN KEY ("tenant_id","flow_version_id") REFERENCES "public"."approval_flow_versions"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "approval_tasks" ADD CONSTRAINT "approval_tasks_tenant_id_request_id_approval_requests_tenant_id_id_fk" FOREIGN KEY ("tenant_id","request_id") REFERENCES "public"."approval_requests"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "approval_tasks" ADD CONSTRAINT "approval_tasks_tenant_id_approver_id_users_tenant_id_id_fk" FOREIGN KEY ("tenant_id","approver_id") REFERENCES "public"."users"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attendance_absences" ADD CONSTRAINT "attendance_absences_tenant_id_user_id_users_tenant_id_id_fk" FOREIGN KEY ("tenant_id","user_id") REFERENCES "public"."users"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attendance_absences" ADD CONSTRAINT "attendance_absences_tenant_id_request_id_approval_requests_tenant_id_id_fk" FOREIGN KEY ("tenant_id","request_id") REFERENCES "public"."approval_requests"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attendance_records" ADD CONSTRAINT "attendance_records_tenant_id_user_id_users_tenant_id_id_fk" FOREIGN KEY ("tenant_id","user_id") REFERENCES "public"."users"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attendance_shifts" ADD CONSTRAINT "attendance_shifts_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attendance_shifts" ADD CONSTRAINT "attendance_shifts_tenant_id_department_id_departments_tenant_id_id_fk" FOREIGN KEY ("tenant_id","department_id") REFERENCES "public"."departments"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cost_centres" ADD CONSTRAINT "cost_centres_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cost_centres" ADD CONSTRAINT "cost_centres_tenant_id_parent_id_cost_centres_tenant_id_id_fk" FOREIGN KEY ("tenant_id","parent_id") REFERENCES "public"."cost_centres"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cost_postings" ADD CONSTRAINT "cost_postings_tenant_id_centre_id_cost_centres_tenant_id_id_fk" FOREIGN KEY ("tenant_id","centre_id") REFERENCES "public"."cost_centres"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "department_heads" ADD CONSTRAINT "department_heads_tenant_id_department_id_departments_tenant_id_id_fk" FOREIGN KEY ("tenant_id","department_id") REFERENCES "public"."departments"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "department_heads" ADD CONSTRAINT "department_heads_tenant_id_user_id_users_tenant_id_id_fk" FOREIGN KEY ("tenant_id","user_id") REFERENCES "public"."users"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "approval_copies_user_ix" ON "approval_copies" USING btree ("tenant_id","user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "approval_flow_versions_uq" ON "approval_flow_versions" USING btree ("tenant_id","flow_id","version");--> statement-breakpoint
CREATE UNIQUE INDEX "approval_flows_type_uq" ON "approval_flows" USING btree ("tenant_id","business_type");--> statement-breakpoint
CREATE INDEX "approval_history_request_ix" ON "approval_history" USING btree ("tenant_id","request_id");--> statement-breakpoint
CREATE INDEX "approval_requests_applicant_ix" ON "approval_requests" USING btree ("tenant_id","applicant_id","created_at");--> statement-breakpoint
CREATE INDEX "approval_requests_business_ix" ON "approval_requests" USING btree ("tenant_id","business_type","business_id");--> statement-breakpoint
CREATE UNIQUE INDEX "approval_tasks_uq" ON "approval_tasks" USING btree ("tenant_id","request_id","run","step_index","approver_id");--> statement-breakpoint
CREATE INDEX "approval_tasks_waiting_ix" ON "approval_tasks" USING btree ("tenant_id","approver_id","created_at","id") WHERE open;--> statement-breakpoint
CREATE INDEX "approval_tasks_handled_ix" ON "approval_tasks" USING btree ("tenant_id","approver_id","decided_at");--> statement-breakpoint
CREATE UNIQUE INDEX "attendance_absences_request_uq" ON "attendance_absences" USING btree ("tenant_id","request_id");--> statement-breakpoint
CREATE INDEX "attendance_absences_user_ix" ON "attendance_absences" USING btree ("tenant_id","user_id","starts_on");--> statement-breakpoint
CREATE INDEX "attendance_records_user_day_ix" ON "attendance_records" USING btree ("tenant_id","user_id","day");--> statement-breakpoint
CREATE UNIQUE INDEX "attendance_shifts_department_uq" ON "attendance_shifts" USING btree ("tenant_id",coalesce("department_id", 0));--> statement-breakpoint
CREATE UNIQUE INDEX "cost_centres_code_uq" ON "cost_centres" USING btree ("tenant_id","code");--> statement-breakpoint
CREATE UNIQUE INDEX "cost_postings_source_uq" ON "cost_postings" USING btree ("tenant_id","source_type","source_id");--> statement-breakpoint
CREATE INDEX "cost_postings_centre_ix" ON "cost_postings" USING btree ("tenant_id","centre_id","occurred_on");