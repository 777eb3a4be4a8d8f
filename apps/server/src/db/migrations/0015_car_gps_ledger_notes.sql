DROP INDEX "cars_gps_ix";--> statement-breakpoint
ALTER TABLE "cars" DROP COLUMN "gps_last_seen_at";--> statement-breakpoint
-- hand-written below
-- Ledger rows keep only their note; the text before it is composed at read in the caller's language.
UPDATE "balance_ledger" SET "description" = '' WHERE "kind" = 'topUp' AND "description" LIKE '充值 %';--> statement-breakpoint
UPDATE "balance_ledger" SET "description" = '' WHERE "kind" = 'charge' AND "description" ~ ' × [0-9]+$';--> statement-breakpoint
UPDATE "balance_ledger" SET "description" = substr("description", 8) WHERE "kind" = 'withdrawReversal' AND "description" LIKE '退款失败退回：%';
