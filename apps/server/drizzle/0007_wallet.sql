CREATE TABLE "chain_cursors" (
	"network" text PRIMARY KEY NOT NULL,
	"last_block" bigint NOT NULL,
	"last_hash" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "wallet_addresses" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"family" text NOT NULL,
	"derivation_index" integer NOT NULL,
	"address" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "wallet_keys" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"derivation_index" serial NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "wallet_keys_derivation_index_key" UNIQUE("derivation_index")
);
--> statement-breakpoint
CREATE TABLE "wallet_transactions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"coin" text NOT NULL,
	"network" text NOT NULL,
	"address" text NOT NULL,
	"token" text,
	"coin_units" text NOT NULL,
	"coin_decimals" integer NOT NULL,
	"amount_cents" bigint,
	"fee_cents" bigint,
	"rate" text,
	"status" text NOT NULL,
	"reason" text,
	"tx_hash" text,
	"log_index" integer,
	"block_number" bigint,
	"block_hash" text,
	"confirmations" integer DEFAULT 0 NOT NULL,
	"required_confirmations" integer DEFAULT 0 NOT NULL,
	"raw_tx" text,
	"nonce" integer,
	"held_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "wallet_addresses" ADD CONSTRAINT "wallet_addresses_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wallet_keys" ADD CONSTRAINT "wallet_keys_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wallet_transactions" ADD CONSTRAINT "wallet_transactions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "wallet_addresses_user_family_key" ON "wallet_addresses" USING btree ("user_id","family");--> statement-breakpoint
CREATE UNIQUE INDEX "wallet_addresses_family_index_key" ON "wallet_addresses" USING btree ("family","derivation_index");--> statement-breakpoint
CREATE UNIQUE INDEX "wallet_addresses_address_key" ON "wallet_addresses" USING btree ("family","address");--> statement-breakpoint
CREATE INDEX "wallet_transactions_user_idx" ON "wallet_transactions" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "wallet_transactions_status_idx" ON "wallet_transactions" USING btree ("network","status");--> statement-breakpoint
CREATE UNIQUE INDEX "wallet_transactions_deposit_key" ON "wallet_transactions" USING btree ("network","tx_hash","log_index") WHERE "wallet_transactions"."kind" = 'deposit';--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_transactions_wallet_once_key" ON "ledger_transactions" USING btree ("kind","ref_id") WHERE "ledger_transactions"."kind" in ('deposit', 'withdrawal_hold', 'withdrawal_refund');