CREATE TABLE "client_groups" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"margin_mode" text NOT NULL,
	"margin_call_level" integer NOT NULL,
	"stop_out_level" integer NOT NULL,
	"spread_markup_crypto_bp" integer DEFAULT 0 NOT NULL,
	"spread_markup_forex_bp" integer DEFAULT 0 NOT NULL,
	"spread_markup_stocks_bp" integer DEFAULT 0 NOT NULL,
	"max_leverage_crypto" integer DEFAULT 1000 NOT NULL,
	"max_leverage_forex" integer DEFAULT 1000 NOT NULL,
	"max_leverage_stocks" integer DEFAULT 1000 NOT NULL,
	"opening_fee_ppm" integer,
	"swap_free" boolean DEFAULT false NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "client_groups_levels" CHECK (10 <= "client_groups"."stop_out_level" and "client_groups"."stop_out_level" < "client_groups"."margin_call_level" and "client_groups"."margin_call_level" <= 1000)
);
--> statement-breakpoint
CREATE TABLE "margin_calls" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"book" text NOT NULL,
	"order_id" uuid,
	"level_bp" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "group_id" uuid DEFAULT '00000000-0000-4000-8000-0000000000d1'::uuid NOT NULL;--> statement-breakpoint
ALTER TABLE "margin_calls" ADD CONSTRAINT "margin_calls_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "client_groups_name_key" ON "client_groups" USING btree (lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "client_groups_one_default_key" ON "client_groups" USING btree ("is_default") WHERE "client_groups"."is_default";--> statement-breakpoint
CREATE UNIQUE INDEX "margin_calls_key" ON "margin_calls" USING btree ("user_id","book",coalesce("order_id", '00000000-0000-0000-0000-000000000000'));--> statement-breakpoint
-- hand-written: the default client group (isolated, margin call 50 %, stop-out 20 %), which every existing account joined through the column's default, and the foreign key from users to it.
INSERT INTO "client_groups" ("id", "name", "margin_mode", "margin_call_level", "stop_out_level", "is_default") VALUES ('00000000-0000-4000-8000-0000000000d1', 'Standard', 'isolated', 50, 20, true) ON CONFLICT DO NOTHING;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_group_id_client_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."client_groups"("id") ON DELETE restrict ON UPDATE no action;
