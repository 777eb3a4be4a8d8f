CREATE TABLE "departments" (
	"tenant_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "departments_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"parent_id" bigint,
	"name" text NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "departments_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "task_items" (
	"tenant_id" bigint NOT NULL,
	"task_id" bigint NOT NULL,
	"seq" integer NOT NULL,
	"payload" jsonb NOT NULL,
	"state" text DEFAULT 'pending' NOT NULL,
	"result" jsonb,
	"updated_at" timestamp with time zone,
	CONSTRAINT "task_items_tenant_id_task_id_seq_pk" PRIMARY KEY("tenant_id","task_id","seq"),
	CONSTRAINT "task_items_state_ck" CHECK (state in ('pending', 'done', 'failed'))
);
--> statement-breakpoint
CREATE TABLE "task_progress" (
	"tenant_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "task_progress_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"target_id" text NOT NULL,
	"kind" text NOT NULL,
	"category" integer NOT NULL,
	"title" text NOT NULL,
	"state" text DEFAULT 'queued' NOT NULL,
	"total" integer NOT NULL,
	"processed_num" integer DEFAULT 0 NOT NULL,
	"success_num" integer DEFAULT 0 NOT NULL,
	"fail_num" integer DEFAULT 0 NOT NULL,
	"result" jsonb,
	"error" text,
	"created_by" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"acknowledged_at" timestamp with time zone,
	"cancel_requested" boolean DEFAULT false NOT NULL,
	"lease_owner" text,
	"lease_until" timestamp with time zone,
	CONSTRAINT "task_progress_tenant_id_id_pk" PRIMARY KEY("tenant_id","id"),
	CONSTRAINT "task_progress_state_ck" CHECK (state in ('queued', 'running', 'completed', 'failed', 'cancelled'))
);
--> statement-breakpoint
CREATE TABLE "labels" (
	"tenant_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "labels_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"color" text DEFAULT 'blue' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "labels_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "user_labels" (
	"tenant_id" bigint NOT NULL,
	"user_id" bigint NOT NULL,
	"label_id" bigint NOT NULL,
	CONSTRAINT "user_labels_tenant_id_user_id_label_id_pk" PRIMARY KEY("tenant_id","user_id","label_id")
);
--> statement-breakpoint
CREATE TABLE "sms_batches" (
	"tenant_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "sms_batches_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"template_id" bigint,
	"content" text NOT NULL,
	"source" text NOT NULL,
	"total" integer NOT NULL,
	"segments" integer NOT NULL,
	"cost_fen" integer NOT NULL,
	"retry_of" bigint,
	"task_id" bigint,
	"created_by" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	CONSTRAINT "sms_batches_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "sms_settings" (
	"tenant_id" bigint PRIMARY KEY NOT NULL,
	"signature" text NOT NULL,
	"daily_quota" integer NOT NULL,
	"segment_price_fen" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sms_templates" (
	"tenant_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "sms_templates_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"content" text NOT NULL,
	"provider_template" text,
	"status" text DEFAULT 'active' NOT NULL,
	"created_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sms_templates_tenant_id_id_pk" PRIMARY KEY("tenant_id","id"),
	CONSTRAINT "sms_templates_status_ck" CHECK (status in ('active', 'disabled'))
);
--> statement-breakpoint
DROP INDEX "sms_messages_idem_ix";--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "department_id" bigint;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "title" text;--> statement-breakpoint
ALTER TABLE "sms_messages" ADD COLUMN "batch_id" bigint;--> statement-breakpoint
ALTER TABLE "sms_messages" ADD COLUMN "recipient_name" text;--> statement-breakpoint
ALTER TABLE "sms_messages" ADD COLUMN "segments" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "sms_messages" ADD COLUMN "retried_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "sms_messages" ADD COLUMN "sent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "departments" ADD CONSTRAINT "departments_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "departments" ADD CONSTRAINT "departments_tenant_id_parent_id_departments_tenant_id_id_fk" FOREIGN KEY ("tenant_id","parent_id") REFERENCES "public"."departments"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_items" ADD CONSTRAINT "task_items_tenant_id_task_id_task_progress_tenant_id_id_fk" FOREIGN KEY ("tenant_id","task_id") REFERENCES "public"."task_progress"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_progress" ADD CONSTRAINT "task_progress_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "labels" ADD CONSTRAINT "labels_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_labels" ADD CONSTRAINT "user_labels_tenant_id_user_id_users_tenant_id_id_fk" FOREIGN KEY ("tenant_id","user_id") REFERENCES "public"."users"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_labels" ADD CONSTRAINT "user_labels_tenant_id_label_id_labels_tenant_id_id_fk" FOREIGN KEY ("tenant_id","label_id") REFERENCES "public"."labels"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sms_batches" ADD CONSTRAINT "sms_batches_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sms_batches" ADD CONSTRAINT "sms_batches_tenant_id_template_id_sms_templates_tenant_id_id_fk" FOREIGN KEY ("tenant_id","template_id") REFERENCES "public"."sms_templates"("tenant_id","id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sms_settings" ADD CONSTRAINT "sms_settings_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sms_templates" ADD CONSTRAINT "sms_templates_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "departments_name_uq" ON "departments" USING btree ("tenant_id","parent_id","name");--> statement-breakpoint
CREATE INDEX "task_items_pending_ix" ON "task_items" USING btree ("tenant_id","task_id","state","seq");--> statement-breakpoint
CREATE UNIQUE INDEX "task_progress_target_uq" ON "task_progress" USING btree ("tenant_id","target_id");--> statement-breakpoint
CREATE INDEX "task_progress_user_ix" ON "task_progress" USING btree ("tenant_id","created_by","acknowledged_at");--> statement-breakpoint
CREATE INDEX "task_progress_unfinished_ix" ON "task_progress" USING btree ("state");--> statement-breakpoint
CREATE UNIQUE INDEX "labels_name_uq" ON "labels" USING btree ("tenant_id","name");--> statement-breakpoint
CREATE INDEX "user_labels_label_ix" ON "user_labels" USING btree ("tenant_id","label_id");--> statement-breakpoint
CREATE INDEX "sms_batches_time_ix" ON "sms_batches" USING btree ("tenant_id","created_at");--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_tenant_id_department_id_departments_tenant_id_id_fk" FOREIGN KEY ("tenant_id","department_id") REFERENCES "public"."departments"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "users_department_ix" ON "users" USING btree ("tenant_id","department_id");--> statement-breakpoint
CREATE UNIQUE INDEX "sms_messages_idem_uq" ON "sms_messages" USING btree ("idempotency_key");--> statement-breakpoint
CREATE INDEX "sms_messages_batch_ix" ON "sms_messages" USING btree ("tenant_id","batch_id","status");