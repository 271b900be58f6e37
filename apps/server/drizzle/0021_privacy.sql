CREATE TABLE "conversation_contexts" (
	"conv_id" uuid PRIMARY KEY NOT NULL,
	"project_id" uuid NOT NULL,
	"turn" integer NOT NULL,
	"state" jsonb NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "redaction_enabled" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "redaction_kinds" text[] DEFAULT '{"email","card","iban","ip","phone"}' NOT NULL;--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "retention_days" integer DEFAULT 365;--> statement-breakpoint
ALTER TABLE "conversation_contexts" ADD CONSTRAINT "conversation_contexts_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "conversation_contexts_expiry_idx" ON "conversation_contexts" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "conversation_contexts_project_idx" ON "conversation_contexts" USING btree ("project_id");