ALTER TABLE "orders" ADD COLUMN "stop_price" bigint;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "triggered_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "trailing_stop" bigint;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "time_in_force" text DEFAULT 'gtc' NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "expires_at" timestamp with time zone;