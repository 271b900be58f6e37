CREATE TABLE "insight_clusters" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"project_id" uuid NOT NULL,
	"topic_id" uuid NOT NULL,
	"label" text NOT NULL,
	"size" integer DEFAULT 0 NOT NULL,
	"centre" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"last_joined_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
DROP INDEX "insight_questions_ungrouped_idx";--> statement-breakpoint
ALTER TABLE "insight_cursors" ADD COLUMN "lease_holder" uuid;--> statement-breakpoint
ALTER TABLE "insight_questions" ADD COLUMN "cluster_id" uuid;--> statement-breakpoint
ALTER TABLE "insight_clusters" ADD CONSTRAINT "insight_clusters_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "insight_clusters" ADD CONSTRAINT "insight_clusters_topic_id_insight_topics_id_fk" FOREIGN KEY ("topic_id") REFERENCES "public"."insight_topics"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "insight_clusters_project_idx" ON "insight_clusters" USING btree ("project_id","last_joined_at");--> statement-breakpoint
CREATE INDEX "insight_clusters_topic_idx" ON "insight_clusters" USING btree ("topic_id");--> statement-breakpoint
ALTER TABLE "insight_questions" ADD CONSTRAINT "insight_questions_cluster_id_insight_clusters_id_fk" FOREIGN KEY ("cluster_id") REFERENCES "public"."insight_clusters"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "insight_questions_cluster_idx" ON "insight_questions" USING btree ("cluster_id");--> statement-breakpoint
-- Each topic so far becomes its first cluster, with its id, its centre and its questions.
INSERT INTO "insight_clusters" ("id", "project_id", "topic_id", "label", "size", "centre", "last_joined_at", "created_at", "updated_at")
  SELECT "id", "project_id", "id", "label", "size", "centre", "last_joined_at", "created_at", "updated_at" FROM "insight_topics";--> statement-breakpoint
UPDATE "insight_questions" SET "cluster_id" = "topic_id" WHERE "topic_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "insight_questions_ungrouped_idx" ON "insight_questions" USING btree ("project_id","asked_at") WHERE "insight_questions"."cluster_id" is null;--> statement-breakpoint
ALTER TABLE "insight_topics" DROP COLUMN "centre";