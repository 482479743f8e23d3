ALTER TABLE "admin_audit" ADD COLUMN "actor_role" text DEFAULT 'admin' NOT NULL;--> statement-breakpoint
-- Every entry before staff roles was an administrator's: the default names them, then goes.
ALTER TABLE "admin_audit" ALTER COLUMN "actor_role" DROP DEFAULT;
