CREATE TABLE "deposit_alerts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"network" text NOT NULL,
	"tx_hash" text NOT NULL,
	"log_index" integer NOT NULL,
	"address" text NOT NULL,
	"user_id" uuid NOT NULL,
	"token" text,
	"coin_units" text NOT NULL,
	"reason" text NOT NULL,
	"deposit_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "referral_commissions" ADD COLUMN "clawed_back_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "referral_commissions" ADD COLUMN "clawed_back_by" uuid;--> statement-breakpoint
ALTER TABLE "referral_commissions" ADD COLUMN "clawback_reason" text;--> statement-breakpoint
ALTER TABLE "referral_commissions" ADD COLUMN "clawback_cents" bigint;--> statement-breakpoint
ALTER TABLE "referral_commissions" ADD COLUMN "owed_cents" bigint;--> statement-breakpoint
ALTER TABLE "referral_commissions" ADD COLUMN "clawback_ledger_transaction_id" uuid;--> statement-breakpoint
ALTER TABLE "deposit_alerts" ADD CONSTRAINT "deposit_alerts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deposit_alerts" ADD CONSTRAINT "deposit_alerts_deposit_id_wallet_transactions_id_fk" FOREIGN KEY ("deposit_id") REFERENCES "public"."wallet_transactions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "deposit_alerts_transfer_key" ON "deposit_alerts" USING btree ("network","tx_hash","log_index","address");--> statement-breakpoint
ALTER TABLE "referral_commissions" ADD CONSTRAINT "referral_commissions_clawed_back_by_users_id_fk" FOREIGN KEY ("clawed_back_by") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referral_commissions" ADD CONSTRAINT "referral_commissions_clawback_ledger_transaction_id_ledger_transactions_id_fk" FOREIGN KEY ("clawback_ledger_transaction_id") REFERENCES "public"."ledger_transactions"("id") ON DELETE restrict ON UPDATE no action;