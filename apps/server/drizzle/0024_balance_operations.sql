CREATE TABLE "balance_operations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"book" text NOT NULL,
	"kind" text NOT NULL,
	"amount_cents" bigint NOT NULL,
	"reason" text NOT NULL,
	"status" text NOT NULL,
	"requested_by" uuid NOT NULL,
	"decided_by" uuid,
	"reject_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_at" timestamp with time zone,
	"applied_at" timestamp with time zone,
	CONSTRAINT "balance_operations_amount_not_zero" CHECK ("balance_operations"."amount_cents" <> 0),
	CONSTRAINT "balance_operations_only_corrections_negative" CHECK ("balance_operations"."amount_cents" > 0 or "balance_operations"."kind" = 'correction'),
	CONSTRAINT "balance_operations_status" CHECK ("balance_operations"."status" in ('pending', 'applied', 'rejected')),
	CONSTRAINT "balance_operations_kind" CHECK ("balance_operations"."kind" in ('credit', 'bonus', 'correction', 'fee_refund')),
	CONSTRAINT "balance_operations_four_eyes" CHECK ("balance_operations"."decided_by" is null or "balance_operations"."decided_by" <> "balance_operations"."requested_by"),
	CONSTRAINT "balance_operations_applied_at" CHECK (("balance_operations"."status" = 'applied') = ("balance_operations"."applied_at" is not null))
);
--> statement-breakpoint
ALTER TABLE "ledger_accounts" ADD COLUMN "bonus_cents" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "balance_operations" ADD CONSTRAINT "balance_operations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "balance_operations" ADD CONSTRAINT "balance_operations_requested_by_users_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "balance_operations" ADD CONSTRAINT "balance_operations_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "balance_operations_status_idx" ON "balance_operations" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "balance_operations_user_idx" ON "balance_operations" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_transactions_balance_operation_once_key" ON "ledger_transactions" USING btree ("ref_id") WHERE "ledger_transactions"."ref_type" = 'balance_operation';--> statement-breakpoint
ALTER TABLE "ledger_accounts" ADD CONSTRAINT "ledger_accounts_bonus_not_negative" CHECK ("ledger_accounts"."bonus_cents" >= 0);