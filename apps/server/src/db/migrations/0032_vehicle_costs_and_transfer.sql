ALTER TABLE "accidents" ADD COLUMN "cost_centre_id" bigint;--> statement-breakpoint
ALTER TABLE "insurance_policies" ADD COLUMN "cost_centre_id" bigint;--> statement-breakpoint
ALTER TABLE "cars" ADD COLUMN "transfer_to_rent_id" bigint;--> statement-breakpoint
ALTER TABLE "violations" ADD COLUMN "cost_centre_id" bigint;--> statement-breakpoint
ALTER TABLE "accidents" ADD CONSTRAINT "accidents_tenant_id_cost_centre_id_cost_centres_tenant_id_id_fk" FOREIGN KEY ("tenant_id","cost_centre_id") REFERENCES "public"."cost_centres"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "insurance_policies" ADD CONSTRAINT "insurance_policies_tenant_id_cost_centre_id_cost_centres_tenant_id_id_fk" FOREIGN KEY ("tenant_id","cost_centre_id") REFERENCES "public"."cost_centres"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cars" ADD CONSTRAINT "cars_tenant_id_transfer_to_rent_id_rents_tenant_id_id_fk" FOREIGN KEY ("tenant_id","transfer_to_rent_id") REFERENCES "public"."rents"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "violations" ADD CONSTRAINT "violations_tenant_id_cost_centre_id_cost_centres_tenant_id_id_fk" FOREIGN KEY ("tenant_id","cost_centre_id") REFERENCES "public"."cost_centres"("tenant_id","id") ON DELETE no action ON UPDATE no action;