UPDATE "ledger_accounts" SET "balance_cents" = 0 WHERE "user_id" IS NULL;--> statement-breakpoint
ALTER TABLE "ledger_accounts" ADD CONSTRAINT "ledger_accounts_house_no_running" CHECK ("ledger_accounts"."user_id" is not null or "ledger_accounts"."balance_cents" = 0);
