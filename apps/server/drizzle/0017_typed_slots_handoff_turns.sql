CREATE TABLE "conversation_turn_locks" (
	"conv_id" uuid PRIMARY KEY NOT NULL,
	"holder" uuid NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "handoff_message" text DEFAULT 'I can''t put you through to a person from this chat yet. Please contact our team directly, and they will get back to you.' NOT NULL;--> statement-breakpoint
ALTER TABLE "slots" ADD COLUMN "type" text DEFAULT 'terms' NOT NULL;--> statement-breakpoint
ALTER TABLE "slots" ADD COLUMN "pattern" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "slots" ADD COLUMN "locale" text DEFAULT 'en-US' NOT NULL;--> statement-breakpoint
ALTER TABLE "slots" ADD COLUMN "prompt" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "slots" ADD COLUMN "reprompt" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "slots" ADD COLUMN "max_attempts" integer DEFAULT 2 NOT NULL;--> statement-breakpoint
ALTER TABLE "conversation_counts" ADD COLUMN "with_handoff" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "conversations" ADD COLUMN "handoff_count" integer DEFAULT 0 NOT NULL;