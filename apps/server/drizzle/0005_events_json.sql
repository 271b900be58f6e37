ALTER TABLE "events" ALTER COLUMN "data" SET DATA TYPE json;--> statement-breakpoint
ALTER TABLE "events" ALTER COLUMN "data" SET DEFAULT '{}'::json;