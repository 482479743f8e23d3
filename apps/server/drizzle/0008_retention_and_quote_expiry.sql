CREATE TABLE "ticket_attachments" (
	"file" text PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"message_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "wallet_transactions" ADD COLUMN "quote_expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "ticket_attachments" ADD CONSTRAINT "ticket_attachments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_attachments" ADD CONSTRAINT "ticket_attachments_message_id_ticket_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."ticket_messages"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ticket_attachments_unsent_idx" ON "ticket_attachments" USING btree ("created_at") WHERE "ticket_attachments"."message_id" is null;--> statement-breakpoint
CREATE INDEX "orders_rejected_idx" ON "orders" USING btree ("created_at") WHERE "orders"."status" = 'rvt';--> statement-breakpoint
CREATE INDEX "tickets_link_idx" ON "tickets" USING btree ("link_kind","link_id");--> statement-breakpoint
CREATE INDEX "wallet_transactions_quote_idx" ON "wallet_transactions" USING btree ("created_at") WHERE "wallet_transactions"."kind" = 'withdrawal' and "wallet_transactions"."status" = 'pnd';