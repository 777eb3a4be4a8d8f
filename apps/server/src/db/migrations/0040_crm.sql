CREATE TABLE "crm_follow_ups" (
	"tenant_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "crm_follow_ups_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"lead_id" bigint NOT NULL,
	"user_id" bigint NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"way" text NOT NULL,
	"content" text NOT NULL,
	"next_step" text,
	"next_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "crm_follow_ups_tenant_id_id_pk" PRIMARY KEY("tenant_id","id"),
	CONSTRAINT "crm_follow_ups_way_ck" CHECK (way in ('phone', 'sms', 'wechat', 'visit')),
	CONSTRAINT "crm_follow_ups_next_ck" CHECK (next_at is null or next_at > at)
);
--> statement-breakpoint
CREATE TABLE "crm_forms" (
	"tenant_id" bigint NOT NULL,
	"key" text NOT NULL,
	"rent_id" bigint,
	"owner_id" bigint,
	"enabled" boolean DEFAULT false NOT NULL,
	"updated_by" bigint,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "crm_forms_tenant_id_pk" PRIMARY KEY("tenant_id"),
	CONSTRAINT "crm_forms_enabled_ck" CHECK (not enabled or rent_id is not null)
);
--> statement-breakpoint
CREATE TABLE "crm_lead_labels" (
	"tenant_id" bigint NOT NULL,
	"lead_id" bigint NOT NULL,
	"label_id" bigint NOT NULL,
	CONSTRAINT "crm_lead_labels_tenant_id_lead_id_label_id_pk" PRIMARY KEY("tenant_id","lead_id","label_id")
);
--> statement-breakpoint
CREATE TABLE "crm_leads" (
	"tenant_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "crm_leads_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"rent_id" bigint NOT NULL,
	"kind" text DEFAULT 'person' NOT NULL,
	"name" text NOT NULL,
	"company_name" text,
	"phone" text NOT NULL,
	"source" text NOT NULL,
	"intent" text DEFAULT 'medium' NOT NULL,
	"wanted_car" text,
	"budget_fen" bigint,
	"contract_kind" text,
	"owner_id" bigint,
	"owner_since" timestamp with time zone,
	"state" text DEFAULT 'new' NOT NULL,
	"lost_reason" text,
	"next_follow_up_at" timestamp with time zone,
	"follow_up_reminded_at" timestamp with time zone,
	"last_follow_up_at" timestamp with time zone,
	"last_follow_up_text" text,
	"follow_up_count" integer DEFAULT 0 NOT NULL,
	"driver_id" bigint,
	"won_at" timestamp with time zone,
	"remark" text,
	"form_ip" text,
	"import_ref" text,
	"created_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	"deleted_at" timestamp with time zone,
	CONSTRAINT "crm_leads_tenant_id_id_pk" PRIMARY KEY("tenant_id","id"),
	CONSTRAINT "crm_leads_kind_ck" CHECK (kind in ('person', 'company')),
	CONSTRAINT "crm_leads_source_ck" CHECK (source in ('walkIn', 'phone', 'referral', 'platform', 'onlineForm', 'import')),
	CONSTRAINT "crm_leads_intent_ck" CHECK (intent in ('strong', 'medium', 'weak')),
	CONSTRAINT "crm_leads_contract_kind_ck" CHECK (contract_kind is null or contract_kind in ('longTerm', 'rentToOwn', 'shortTerm')),
	CONSTRAINT "crm_leads_state_ck" CHECK (state in ('new', 'following', 'won', 'lost', 'paused')),
	CONSTRAINT "crm_leads_budget_ck" CHECK (budget_fen is null or budget_fen >= 0),
	CONSTRAINT "crm_leads_lost_ck" CHECK (state <> 'lost' or lost_reason is not null),
	CONSTRAINT "crm_leads_won_ck" CHECK (state <> 'won' or (won_at is not null and driver_id is not null)),
	CONSTRAINT "crm_leads_owner_since_ck" CHECK (owner_id is null or owner_since is not null)
);
--> statement-breakpoint
CREATE TABLE "crm_owner_log" (
	"tenant_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "crm_owner_log_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"lead_id" bigint NOT NULL,
	"action" text NOT NULL,
	"from_user" bigint,
	"to_user" bigint,
	"by_user" bigint,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "crm_owner_log_tenant_id_id_pk" PRIMARY KEY("tenant_id","id"),
	CONSTRAINT "crm_owner_log_action_ck" CHECK (action in ('create', 'claim', 'assign', 'release', 'return', 'convert'))
);
--> statement-breakpoint
CREATE TABLE "survey_answers" (
	"tenant_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "survey_answers_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"survey_id" bigint NOT NULL,
	"invite_id" bigint NOT NULL,
	"answers" jsonb NOT NULL,
	"submitted_at" timestamp with time zone DEFAULT now() NOT NULL,
	"seconds" integer,
	"ip" text,
	CONSTRAINT "survey_answers_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "survey_invites" (
	"tenant_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "survey_invites_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"survey_id" bigint NOT NULL,
	"driver_id" bigint,
	"lead_id" bigint,
	"name" text NOT NULL,
	"phone" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"sent_at" timestamp with time zone,
	"opened_at" timestamp with time zone,
	"answered_at" timestamp with time zone,
	"notice_id" bigint,
	"created_by" bigint,
	CONSTRAINT "survey_invites_tenant_id_id_pk" PRIMARY KEY("tenant_id","id"),
	CONSTRAINT "survey_invites_person_ck" CHECK ((driver_id is null) <> (lead_id is null))
);
--> statement-breakpoint
CREATE TABLE "surveys" (
	"tenant_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "surveys_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"title" text NOT NULL,
	"intro" text,
	"state" text DEFAULT 'draft' NOT NULL,
	"questions" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"published_at" timestamp with time zone,
	"closed_at" timestamp with time zone,
	"version" integer DEFAULT 0 NOT NULL,
	"deleted_at" timestamp with time zone,
	CONSTRAINT "surveys_tenant_id_id_pk" PRIMARY KEY("tenant_id","id"),
	CONSTRAINT "surveys_state_ck" CHECK (state in ('draft', 'published', 'closed'))
);
--> statement-breakpoint
ALTER TABLE "roles" DROP CONSTRAINT "roles_data_scope_ck";--> statement-breakpoint
ALTER TABLE "crm_follow_ups" ADD CONSTRAINT "crm_follow_ups_tenant_id_lead_id_crm_leads_tenant_id_id_fk" FOREIGN KEY ("tenant_id","lead_id") REFERENCES "public"."crm_leads"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crm_follow_ups" ADD CONSTRAINT "crm_follow_ups_tenant_id_user_id_users_tenant_id_id_fk" FOREIGN KEY ("tenant_id","user_id") REFERENCES "public"."users"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crm_forms" ADD CONSTRAINT "crm_forms_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crm_forms" ADD CONSTRAINT "crm_forms_tenant_id_rent_id_rents_tenant_id_id_fk" FOREIGN KEY ("tenant_id","rent_id") REFERENCES "public"."rents"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crm_forms" ADD CONSTRAINT "crm_forms_tenant_id_owner_id_users_tenant_id_id_fk" FOREIGN KEY ("tenant_id","owner_id") REFERENCES "public"."users"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crm_lead_labels" ADD CONSTRAINT "crm_lead_labels_tenant_id_lead_id_crm_leads_tenant_id_id_fk" FOREIGN KEY ("tenant_id","lead_id") REFERENCES "public"."crm_leads"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crm_lead_labels" ADD CONSTRAINT "crm_lead_labels_tenant_id_label_id_labels_tenant_id_id_fk" FOREIGN KEY ("tenant_id","label_id") REFERENCES "public"."labels"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crm_leads" ADD CONSTRAINT "crm_leads_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crm_leads" ADD CONSTRAINT "crm_leads_tenant_id_rent_id_rents_tenant_id_id_fk" FOREIGN KEY ("tenant_id","rent_id") REFERENCES "public"."rents"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crm_leads" ADD CONSTRAINT "crm_leads_tenant_id_owner_id_users_tenant_id_id_fk" FOREIGN KEY ("tenant_id","owner_id") REFERENCES "public"."users"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crm_leads" ADD CONSTRAINT "crm_leads_tenant_id_created_by_users_tenant_id_id_fk" FOREIGN KEY ("tenant_id","created_by") REFERENCES "public"."users"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crm_leads" ADD CONSTRAINT "crm_leads_tenant_id_driver_id_drivers_tenant_id_id_fk" FOREIGN KEY ("tenant_id","driver_id") REFERENCES "public"."drivers"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crm_owner_log" ADD CONSTRAINT "crm_owner_log_tenant_id_lead_id_crm_leads_tenant_id_id_fk" FOREIGN KEY ("tenant_id","lead_id") REFERENCES "public"."crm_leads"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crm_owner_log" ADD CONSTRAINT "crm_owner_log_tenant_id_from_user_users_tenant_id_id_fk" FOREIGN KEY ("tenant_id","from_user") REFERENCES "public"."users"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crm_owner_log" ADD CONSTRAINT "crm_owner_log_tenant_id_to_user_users_tenant_id_id_fk" FOREIGN KEY ("tenant_id","to_user") REFERENCES "public"."users"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crm_owner_log" ADD CONSTRAINT "crm_owner_log_tenant_id_by_user_users_tenant_id_id_fk" FOREIGN KEY ("tenant_id","by_user") REFERENCES "public"."users"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "survey_answers" ADD CONSTRAINT "survey_answers_tenant_id_survey_id_surveys_tenant_id_id_fk" FOREIGN KEY ("tenant_id","survey_id") REFERENCES "public"."surveys"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "survey_answers" ADD CONSTRAINT "survey_answers_tenant_id_invite_id_survey_invites_tenant_id_id_fk" FOREIGN KEY ("tenant_id","invite_id") REFERENCES "public"."survey_invites"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "survey_invites" ADD CONSTRAINT "survey_invites_tenant_id_survey_id_surveys_tenant_id_id_fk" FOREIGN KEY ("tenant_id","survey_id") REFERENCES "public"."surveys"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "survey_invites" ADD CONSTRAINT "survey_invites_tenant_id_driver_id_drivers_tenant_id_id_fk" FOREIGN KEY ("tenant_id","driver_id") REFERENCES "public"."drivers"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "survey_invites" ADD CONSTRAINT "survey_invites_tenant_id_lead_id_crm_leads_tenant_id_id_fk" FOREIGN KEY ("tenant_id","lead_id") REFERENCES "public"."crm_leads"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "survey_invites" ADD CONSTRAINT "survey_invites_tenant_id_notice_id_sms_batches_tenant_id_id_fk" FOREIGN KEY ("tenant_id","notice_id") REFERENCES "public"."sms_batches"("tenant_id","id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "survey_invites" ADD CONSTRAINT "survey_invites_tenant_id_created_by_users_tenant_id_id_fk" FOREIGN KEY ("tenant_id","created_by") REFERENCES "public"."users"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "surveys" ADD CONSTRAINT "surveys_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "surveys" ADD CONSTRAINT "surveys_tenant_id_created_by_users_tenant_id_id_fk" FOREIGN KEY ("tenant_id","created_by") REFERENCES "public"."users"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "crm_follow_ups_lead_ix" ON "crm_follow_ups" USING btree ("tenant_id","lead_id","at","id");--> statement-breakpoint
CREATE INDEX "crm_follow_ups_user_ix" ON "crm_follow_ups" USING btree ("tenant_id","user_id","at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "crm_forms_key_uq" ON "crm_forms" USING btree ("key");--> statement-breakpoint
CREATE INDEX "crm_lead_labels_label_ix" ON "crm_lead_labels" USING btree ("tenant_id","label_id","lead_id");--> statement-breakpoint
CREATE UNIQUE INDEX "crm_leads_phone_uq" ON "crm_leads" USING btree ("tenant_id","phone") WHERE state in ('new', 'following', 'paused') and deleted_at is null;--> statement-breakpoint
CREATE UNIQUE INDEX "crm_leads_import_ref_uq" ON "crm_leads" USING btree ("tenant_id","import_ref") WHERE import_ref is not null;--> statement-breakpoint
CREATE INDEX "crm_leads_created_ix" ON "crm_leads" USING btree ("tenant_id","created_at","id") WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX "crm_leads_owner_ix" ON "crm_leads" USING btree ("tenant_id","owner_id","created_at","id") WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX "crm_leads_pool_ix" ON "crm_leads" USING btree ("tenant_id","created_at","id") WHERE owner_id is null and deleted_at is null;--> statement-breakpoint
CREATE INDEX "crm_leads_rent_ix" ON "crm_leads" USING btree ("tenant_id","rent_id","created_at","id") WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX "crm_leads_next_ix" ON "crm_leads" USING btree ("tenant_id","next_follow_up_at") WHERE state in ('new', 'following', 'paused') and deleted_at is null;--> statement-breakpoint
CREATE INDEX "crm_leads_owner_next_ix" ON "crm_leads" USING btree ("tenant_id","owner_id","next_follow_up_at") WHERE state in ('new', 'following', 'paused') and deleted_at is null;--> statement-breakpoint
CREATE INDEX "crm_leads_driver_ix" ON "crm_leads" USING btree ("tenant_id","driver_id") WHERE driver_id is not null;--> statement-breakpoint
CREATE INDEX "crm_leads_name_trgm_ix" ON "crm_leads" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "crm_leads_company_trgm_ix" ON "crm_leads" USING gin ("company_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "crm_leads_phone_trgm_ix" ON "crm_leads" USING gin ("phone" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "crm_owner_log_lead_ix" ON "crm_owner_log" USING btree ("tenant_id","lead_id","at");--> statement-breakpoint
CREATE INDEX "crm_owner_log_by_ix" ON "crm_owner_log" USING btree ("tenant_id","by_user","action","at");--> statement-breakpoint
CREATE INDEX "crm_owner_log_action_ix" ON "crm_owner_log" USING btree ("tenant_id","action","at");--> statement-breakpoint
CREATE UNIQUE INDEX "survey_answers_invite_uq" ON "survey_answers" USING btree ("tenant_id","invite_id");--> statement-breakpoint
CREATE INDEX "survey_answers_survey_ix" ON "survey_answers" USING btree ("tenant_id","survey_id","submitted_at");--> statement-breakpoint
CREATE INDEX "survey_invites_survey_ix" ON "survey_invites" USING btree ("tenant_id","survey_id","id");--> statement-breakpoint
CREATE INDEX "survey_invites_driver_ix" ON "survey_invites" USING btree ("tenant_id","driver_id") WHERE driver_id is not null;--> statement-breakpoint
CREATE INDEX "survey_invites_lead_ix" ON "survey_invites" USING btree ("tenant_id","lead_id") WHERE lead_id is not null;--> statement-breakpoint
CREATE INDEX "surveys_created_ix" ON "surveys" USING btree ("tenant_id","created_at","id") WHERE deleted_at is null;--> statement-breakpoint
ALTER TABLE "roles" ADD CONSTRAINT "roles_data_scope_ck" CHECK (data_scope in ('all', 'assigned', 'workshop', 'own'));