CREATE TABLE "tenant_settings" (
	"tenant_id" bigint PRIMARY KEY NOT NULL,
	"rules" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"updated_by" bigint,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "users" DROP CONSTRAINT "users_status_ck";--> statement-breakpoint
DROP INDEX "labels_name_uq";--> statement-breakpoint
ALTER TABLE "roles" ADD COLUMN "data_scope" text DEFAULT 'all' NOT NULL;--> statement-breakpoint
-- Until now every role saw only its users' assigned rents: existing roles keep that; new ones default to all.
UPDATE "roles" SET "data_scope" = 'assigned' WHERE NOT "all_permissions";--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "left_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "rents" ADD COLUMN "contact_name" text;--> statement-breakpoint
ALTER TABLE "rents" ADD COLUMN "licence_no" text;--> statement-breakpoint
ALTER TABLE "rents" ADD COLUMN "licence_image" text;--> statement-breakpoint
ALTER TABLE "tenants" ADD COLUMN "logo" text;--> statement-breakpoint
ALTER TABLE "tenants" ADD COLUMN "licence_no" text;--> statement-breakpoint
ALTER TABLE "tenants" ADD COLUMN "licence_image" text;--> statement-breakpoint
ALTER TABLE "labels" ADD COLUMN "kind" text DEFAULT 'employee' NOT NULL;--> statement-breakpoint
ALTER TABLE "tenant_settings" ADD CONSTRAINT "tenant_settings_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "roles_name_uq" ON "roles" USING btree ("tenant_id","name");--> statement-breakpoint
CREATE UNIQUE INDEX "labels_kind_name_uq" ON "labels" USING btree ("tenant_id","kind","name");--> statement-breakpoint
ALTER TABLE "roles" ADD CONSTRAINT "roles_data_scope_ck" CHECK (data_scope in ('all', 'assigned'));--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_status_ck" CHECK (status in ('active', 'disabled', 'left'));--> statement-breakpoint
ALTER TABLE "labels" ADD CONSTRAINT "labels_kind_ck" CHECK (kind in ('employee', 'driver', 'car', 'customer'));