CREATE TABLE "signup_decoys" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"code_expires_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "used_nonces" (
	"nonce_hash" text PRIMARY KEY NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "signup_decoys_expires_idx" ON "signup_decoys" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "used_nonces_expires_idx" ON "used_nonces" USING btree ("expires_at");