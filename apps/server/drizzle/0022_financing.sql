ALTER TABLE "orders" ADD COLUMN "swap" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "swap_through" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "pairs" ADD COLUMN "swap_long" numeric(8, 4) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "pairs" ADD COLUMN "swap_short" numeric(8, 4) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "user_preferences" ADD COLUMN "one_click_trading" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "user_preferences" ADD COLUMN "one_click_accepted_at" timestamp with time zone;--> statement-breakpoint
-- hand-written: the catalogue's swap rates for the pairs that exist, and the open positions start
-- paying swaps from the next rollover.
UPDATE "pairs" SET "swap_long" = -10, "swap_short" = -5 WHERE "pair_type" = 'crp';--> statement-breakpoint
UPDATE "pairs" SET "swap_long" = -2.5, "swap_short" = -0.5 WHERE "pair_type" = 'forex';--> statement-breakpoint
UPDATE "pairs" SET "swap_long" = -6, "swap_short" = -2 WHERE "pair_type" = 'stocks';--> statement-breakpoint
UPDATE "orders" SET "swap_through" = now() WHERE "status" = 'act';
