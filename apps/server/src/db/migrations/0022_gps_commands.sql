CREATE TABLE "gps_commands" (
	"tenant_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "gps_commands_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"rent_id" bigint NOT NULL,
	"device_id" bigint NOT NULL,
	"car_id" bigint,
	"command_type" text NOT NULL,
	"params" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"reason" text NOT NULL,
	"source" text DEFAULT 'manual' NOT NULL,
	"risk_case_id" bigint,
	"status" text DEFAULT 'queued' NOT NULL,
	"wait_safe_speed" boolean DEFAULT false NOT NULL,
	"forced" boolean DEFAULT false NOT NULL,
	"created_by" bigint,
	"queued_at" timestamp with time zone NOT NULL,
	"sent_at" timestamp with time zone,
	"answered_at" timestamp with time zone,
	"result_code" integer,
	"result_text" text,
	"serial" integer,
	"steps" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "gps_commands_tenant_id_id_pk" PRIMARY KEY("tenant_id","id"),
	CONSTRAINT "gps_commands_type_ck" CHECK (command_type in ('fuelCut', 'fuelRestore', 'locate', 'interval', 'reboot')),
	CONSTRAINT "gps_commands_status_ck" CHECK (status in ('queued', 'sent', 'succeeded', 'failed', 'expired', 'cancelled')),
	CONSTRAINT "gps_commands_source_ck" CHECK (source in ('manual', 'risk'))
);
--> statement-breakpoint
ALTER TABLE "gps_commands" ADD CONSTRAINT "gps_commands_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gps_commands" ADD CONSTRAINT "gps_commands_tenant_id_device_id_gps_devices_tenant_id_id_fk" FOREIGN KEY ("tenant_id","device_id") REFERENCES "public"."gps_devices"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gps_commands" ADD CONSTRAINT "gps_commands_tenant_id_rent_id_rents_tenant_id_id_fk" FOREIGN KEY ("tenant_id","rent_id") REFERENCES "public"."rents"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gps_commands" ADD CONSTRAINT "gps_commands_tenant_id_created_by_users_tenant_id_id_fk" FOREIGN KEY ("tenant_id","created_by") REFERENCES "public"."users"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "gps_commands_list_ix" ON "gps_commands" USING btree ("tenant_id","queued_at");--> statement-breakpoint
CREATE INDEX "gps_commands_device_ix" ON "gps_commands" USING btree ("tenant_id","device_id","queued_at");--> statement-breakpoint
CREATE INDEX "gps_commands_queued_ix" ON "gps_commands" USING btree ("device_id") WHERE "gps_commands"."status" = 'queued';--> statement-breakpoint
CREATE INDEX "gps_commands_sent_ix" ON "gps_commands" USING btree ("device_id","serial") WHERE "gps_commands"."status" = 'sent';