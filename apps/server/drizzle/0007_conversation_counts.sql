CREATE TABLE "conversation_counts" (
	"project_id" uuid NOT NULL,
	"deployment_id" uuid,
	"hour" timestamp with time zone NOT NULL,
	"conversations" integer NOT NULL,
	"with_requests" integer NOT NULL,
	"with_responses" integer NOT NULL,
	"with_errors" integer NOT NULL,
	"with_oos" integer NOT NULL,
	"with_content" integer NOT NULL,
	"with_scenario" integer NOT NULL,
	CONSTRAINT "conversation_counts_key" UNIQUE NULLS NOT DISTINCT("project_id","hour","deployment_id")
);
--> statement-breakpoint
ALTER TABLE "conversation_counts" ADD CONSTRAINT "conversation_counts_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
INSERT INTO "conversation_counts" ("project_id", "deployment_id", "hour", "conversations", "with_requests", "with_responses", "with_errors", "with_oos", "with_content", "with_scenario")
SELECT "project_id", "deployment_id", date_trunc('hour', "issued_at", 'UTC'), count(*),
  count(*) FILTER (WHERE "request_count" > 0), count(*) FILTER (WHERE "response_count" > 0), count(*) FILTER (WHERE "error_count" > 0),
  count(*) FILTER (WHERE "oos_count" > 0), count(*) FILTER (WHERE "content_count" > 0), count(*) FILTER (WHERE "scenario_count" > 0)
FROM "conversations" GROUP BY 1, 2, 3;
