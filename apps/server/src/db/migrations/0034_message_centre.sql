CREATE TABLE "message_settings" (
	"tenant_id" bigint NOT NULL,
	"user_id" bigint NOT NULL,
	"sms_categories" integer[] DEFAULT '{}'::int[] NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "message_settings_tenant_id_user_id_pk" PRIMARY KEY("tenant_id","user_id")
);
--> statement-breakpoint
ALTER TABLE "push_records" ADD COLUMN "archived_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "push_records" ADD COLUMN "sms_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "message_settings" ADD CONSTRAINT "message_settings_tenant_id_user_id_users_tenant_id_id_fk" FOREIGN KEY ("tenant_id","user_id") REFERENCES "public"."users"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "push_records_list_ix" ON "push_records" USING btree ("tenant_id","user_id","channel","created_at");