CREATE TABLE "feedback" (
	"answer_id" uuid PRIMARY KEY NOT NULL,
	"project_id" uuid NOT NULL,
	"deployment_id" uuid,
	"conv_id" uuid NOT NULL,
	"answered_at" timestamp with time zone NOT NULL,
	"rating" text NOT NULL,
	"comment" text DEFAULT '' NOT NULL,
	"visitor_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "insight_cursors" (
	"project_id" uuid PRIMARY KEY NOT NULL,
	"event_at" timestamp with time zone,
	"event_id" uuid,
	"feedback_at" timestamp with time zone,
	"grouping" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"lease_until" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "insight_fixes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"topic_id" uuid NOT NULL,
	"project_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"summary" text NOT NULL,
	"content_id" uuid,
	"expect" jsonb,
	"questions" text[] DEFAULT '{}' NOT NULL,
	"created_by" uuid,
	"check_status" text,
	"check_version" integer,
	"check_passed" integer DEFAULT 0 NOT NULL,
	"check_total" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "insight_questions" (
	"answer_id" uuid PRIMARY KEY NOT NULL,
	"project_id" uuid NOT NULL,
	"deployment_id" uuid,
	"conv_id" uuid NOT NULL,
	"asked_at" timestamp with time zone NOT NULL,
	"utterance" text NOT NULL,
	"failure" text,
	"disliked" integer DEFAULT 0 NOT NULL,
	"confidence" real,
	"refusal" text,
	"content_id" uuid,
	"candidates" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"topic_id" uuid
);
--> statement-breakpoint
CREATE TABLE "insight_topics" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"project_id" uuid NOT NULL,
	"label" text NOT NULL,
	"size" integer DEFAULT 0 NOT NULL,
	"centre" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"last_joined_at" timestamp with time zone DEFAULT now() NOT NULL,
	"dismissed_at" timestamp with time zone,
	"dismissed_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "feedback" ADD CONSTRAINT "feedback_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "insight_cursors" ADD CONSTRAINT "insight_cursors_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "insight_fixes" ADD CONSTRAINT "insight_fixes_topic_id_insight_topics_id_fk" FOREIGN KEY ("topic_id") REFERENCES "public"."insight_topics"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "insight_fixes" ADD CONSTRAINT "insight_fixes_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "insight_fixes" ADD CONSTRAINT "insight_fixes_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "insight_questions" ADD CONSTRAINT "insight_questions_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "insight_questions" ADD CONSTRAINT "insight_questions_topic_id_insight_topics_id_fk" FOREIGN KEY ("topic_id") REFERENCES "public"."insight_topics"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "insight_topics" ADD CONSTRAINT "insight_topics_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "insight_topics" ADD CONSTRAINT "insight_topics_dismissed_by_users_id_fk" FOREIGN KEY ("dismissed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "feedback_project_time_idx" ON "feedback" USING btree ("project_id","answered_at");--> statement-breakpoint
CREATE INDEX "feedback_conversation_idx" ON "feedback" USING btree ("conv_id");--> statement-breakpoint
CREATE INDEX "insight_fixes_topic_idx" ON "insight_fixes" USING btree ("topic_id","created_at");--> statement-breakpoint
CREATE INDEX "insight_questions_project_time_idx" ON "insight_questions" USING btree ("project_id","asked_at");--> statement-breakpoint
CREATE INDEX "insight_questions_topic_idx" ON "insight_questions" USING btree ("topic_id","asked_at");--> statement-breakpoint
CREATE INDEX "insight_questions_ungrouped_idx" ON "insight_questions" USING btree ("project_id","asked_at") WHERE "insight_questions"."topic_id" is null;--> statement-breakpoint
CREATE INDEX "insight_topics_project_idx" ON "insight_topics" USING btree ("project_id");