CREATE TABLE "driver_document_reminders" (
	"tenant_id" bigint NOT NULL,
	"driver_id" bigint NOT NULL,
	"document" text NOT NULL,
	"expiry" date NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "driver_document_reminders_tenant_id_driver_id_document_expiry_pk" PRIMARY KEY("tenant_id","driver_id","document","expiry"),
	CONSTRAINT "driver_document_reminders_document_ck" CHECK (document in ('licence', 'certificate'))
);
--> statement-breakpoint
CREATE TABLE "driver_events" (
	"tenant_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "driver_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"driver_id" bigint NOT NULL,
	"kind" text NOT NULL,
	"action" text,
	"from_state" text,
	"to_state" text,
	"reason" text,
	"user_id" bigint,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "driver_events_tenant_id_id_pk" PRIMARY KEY("tenant_id","id"),
	CONSTRAINT "driver_events_kind_ck" CHECK (kind in ('create', 'import', 'update', 'state', 'labels', 'delete', 'restore'))
);
--> statement-breakpoint
CREATE TABLE "driver_labels" (
	"tenant_id" bigint NOT NULL,
	"driver_id" bigint NOT NULL,
	"label_id" bigint NOT NULL,
	CONSTRAINT "driver_labels_tenant_id_driver_id_label_id_pk" PRIMARY KEY("tenant_id","driver_id","label_id")
);
--> statement-breakpoint
CREATE TABLE "driver_list_versions" (
	"tenant_id" bigint PRIMARY KEY NOT NULL,
	"version" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "drivers" (
	"tenant_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "drivers_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"rent_id" bigint NOT NULL,
	"name" text NOT NULL,
	"gender" text NOT NULL,
	"phone" text NOT NULL,
	"id_number" text NOT NULL,
	"birth_date" date NOT NULL,
	"address" text,
	"id_card_front_url" text,
	"id_card_back_url" text,
	"licence_number" text,
	"licence_class" text,
	"licence_first_issue" date,
	"licence_expiry" date,
	"licence_front_url" text,
	"licence_back_url" text,
	"certificate_number" text,
	"certificate_expiry" date,
	"certificate_url" text,
	"emergency_name" text,
	"emergency_phone" text,
	"emergency_relation" text,
	"bank_name" text,
	"bank_account" text,
	"bank_account_name" text,
	"source" text,
	"state" text DEFAULT 'prospect' NOT NULL,
	"state_changed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"state_reason" text,
	"blacklisted_by" bigint,
	"blacklisted_at" timestamp with time zone,
	"remark" text,
	"import_ref" text,
	"created_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	"deleted_by" bigint,
	CONSTRAINT "drivers_tenant_id_id_pk" PRIMARY KEY("tenant_id","id"),
	CONSTRAINT "drivers_state_ck" CHECK (state in ('prospect', 'active', 'left', 'blacklisted')),
	CONSTRAINT "drivers_gender_ck" CHECK (gender in ('male', 'female'))
);
--> statement-breakpoint
ALTER TABLE "driver_document_reminders" ADD CONSTRAINT "driver_document_reminders_tenant_id_driver_id_drivers_tenant_id_id_fk" FOREIGN KEY ("tenant_id","driver_id") REFERENCES "public"."drivers"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "driver_events" ADD CONSTRAINT "driver_events_tenant_id_driver_id_drivers_tenant_id_id_fk" FOREIGN KEY ("tenant_id","driver_id") REFERENCES "public"."drivers"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "driver_labels" ADD CONSTRAINT "driver_labels_tenant_id_driver_id_drivers_tenant_id_id_fk" FOREIGN KEY ("tenant_id","driver_id") REFERENCES "public"."drivers"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "driver_labels" ADD CONSTRAINT "driver_labels_tenant_id_label_id_labels_tenant_id_id_fk" FOREIGN KEY ("tenant_id","label_id") REFERENCES "public"."labels"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "driver_list_versions" ADD CONSTRAINT "driver_list_versions_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "drivers" ADD CONSTRAINT "drivers_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "drivers" ADD CONSTRAINT "drivers_tenant_id_rent_id_rents_tenant_id_id_fk" FOREIGN KEY ("tenant_id","rent_id") REFERENCES "public"."rents"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "driver_events_driver_ix" ON "driver_events" USING btree ("tenant_id","driver_id","at");--> statement-breakpoint
CREATE INDEX "driver_labels_label_ix" ON "driver_labels" USING btree ("tenant_id","label_id","driver_id");--> statement-breakpoint
CREATE UNIQUE INDEX "drivers_phone_uq" ON "drivers" USING btree ("tenant_id","phone") WHERE deleted_at is null;--> statement-breakpoint
CREATE UNIQUE INDEX "drivers_active_id_uq" ON "drivers" USING btree ("tenant_id","id_number") WHERE state = 'active' and deleted_at is null;--> statement-breakpoint
CREATE UNIQUE INDEX "drivers_import_ref_uq" ON "drivers" USING btree ("tenant_id","import_ref") WHERE import_ref is not null;--> statement-breakpoint
CREATE INDEX "drivers_state_ix" ON "drivers" USING btree ("tenant_id","state","id","rent_id") WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX "drivers_rent_ix" ON "drivers" USING btree ("tenant_id","rent_id","state","id") WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX "drivers_id_number_ix" ON "drivers" USING btree ("tenant_id","id_number");--> statement-breakpoint
CREATE INDEX "drivers_licence_expiry_ix" ON "drivers" USING btree ("tenant_id","licence_expiry") WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX "drivers_certificate_expiry_ix" ON "drivers" USING btree ("tenant_id","certificate_expiry") WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX "drivers_name_trgm_ix" ON "drivers" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "drivers_phone_trgm_ix" ON "drivers" USING gin ("phone" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "drivers_id_number_trgm_ix" ON "drivers" USING gin ("id_number" gin_trgm_ops);--> statement-breakpoint
CREATE SEQUENCE "driver_list_version_seq";--> statement-breakpoint
CREATE FUNCTION "bump_driver_list_version"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "driver_list_versions" AS v ("tenant_id", "version")
    SELECT "tenant_id", nextval('driver_list_version_seq') FROM (SELECT DISTINCT "tenant_id" FROM "changed") t
    ON CONFLICT ("tenant_id") DO UPDATE SET "version" = excluded."version";
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "drivers_list_version_insert" AFTER INSERT ON "drivers" REFERENCING NEW TABLE AS "changed" FOR EACH STATEMENT EXECUTE FUNCTION "bump_driver_list_version"();--> statement-breakpoint
CREATE TRIGGER "drivers_list_version_update" AFTER UPDATE ON "drivers" REFERENCING NEW TABLE AS "changed" FOR EACH STATEMENT EXECUTE FUNCTION "bump_driver_list_version"();--> statement-breakpoint
CREATE TRIGGER "drivers_list_version_delete" AFTER DELETE ON "drivers" REFERENCING OLD TABLE AS "changed" FOR EACH STATEMENT EXECUTE FUNCTION "bump_driver_list_version"();--> statement-breakpoint
CREATE TRIGGER "driver_labels_list_version_insert" AFTER INSERT ON "driver_labels" REFERENCING NEW TABLE AS "changed" FOR EACH STATEMENT EXECUTE FUNCTION "bump_driver_list_version"();--> statement-breakpoint
CREATE TRIGGER "driver_labels_list_version_delete" AFTER DELETE ON "driver_labels" REFERENCING OLD TABLE AS "changed" FOR EACH STATEMENT EXECUTE FUNCTION "bump_driver_list_version"();
