DROP INDEX "login_failures_account_idx";--> statement-breakpoint
-- Failures recorded before factors were counted apart were all wrong passwords or codes; counting them as passwords keeps their throttle.
ALTER TABLE "login_failures" ADD COLUMN "factor" text DEFAULT 'password' NOT NULL;--> statement-breakpoint
ALTER TABLE "login_failures" ALTER COLUMN "factor" DROP DEFAULT;--> statement-breakpoint
CREATE INDEX "login_failures_account_idx" ON "login_failures" USING btree ("account","factor","created_at");
