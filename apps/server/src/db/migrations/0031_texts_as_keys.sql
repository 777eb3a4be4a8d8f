ALTER TABLE "push_records" ADD COLUMN "title_key" text;--> statement-breakpoint
ALTER TABLE "push_records" ADD COLUMN "title_params" jsonb;--> statement-breakpoint
ALTER TABLE "push_records" ADD COLUMN "content_key" text;--> statement-breakpoint
ALTER TABLE "push_records" ADD COLUMN "content_params" jsonb;--> statement-breakpoint
ALTER TABLE "rental_contract_events" ADD COLUMN "text_key" text;--> statement-breakpoint
ALTER TABLE "rental_contract_events" ADD COLUMN "text_params" jsonb;