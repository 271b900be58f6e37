ALTER TABLE "invitations" ADD COLUMN "attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "login_failures" ADD COLUMN "address" text;--> statement-breakpoint
ALTER TABLE "mfa_challenges" ADD COLUMN "link_attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "password_reset_requests" ADD COLUMN "attempts" integer DEFAULT 0 NOT NULL;