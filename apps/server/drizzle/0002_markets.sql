CREATE TABLE "candles" (
	"symbol" text NOT NULL,
	"resolution" text NOT NULL,
	"t" bigint NOT NULL,
	"o" bigint NOT NULL,
	"h" bigint NOT NULL,
	"l" bigint NOT NULL,
	"c" bigint NOT NULL,
	"v" bigint NOT NULL,
	CONSTRAINT "candles_symbol_resolution_t_pk" PRIMARY KEY("symbol","resolution","t")
);
--> statement-breakpoint
CREATE TABLE "favorite_pairs" (
	"user_id" uuid NOT NULL,
	"symbol" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "favorite_pairs_user_id_symbol_pk" PRIMARY KEY("user_id","symbol")
);
--> statement-breakpoint
CREATE TABLE "pairs" (
	"symbol" text PRIMARY KEY NOT NULL,
	"base" text NOT NULL,
	"quote" text NOT NULL,
	"pair_type" text NOT NULL,
	"status" text DEFAULT 'act' NOT NULL,
	"price_precision" integer NOT NULL,
	"amount_precision" integer DEFAULT 2 NOT NULL,
	"min_amount_cents" bigint NOT NULL,
	"max_amount_cents" bigint NOT NULL,
	"max_leverage" integer NOT NULL,
	"spread_ppm" integer NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "favorite_pairs" ADD CONSTRAINT "favorite_pairs_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "favorite_pairs" ADD CONSTRAINT "favorite_pairs_symbol_pairs_symbol_fk" FOREIGN KEY ("symbol") REFERENCES "public"."pairs"("symbol") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "favorite_pairs_symbol_idx" ON "favorite_pairs" USING btree ("symbol");