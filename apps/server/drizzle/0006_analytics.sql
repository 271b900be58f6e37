CREATE TABLE "conversations" (
	"conv_id" uuid PRIMARY KEY NOT NULL,
	"project_id" uuid NOT NULL,
	"deployment_id" uuid,
	"integration_type" text NOT NULL,
	"visitor_id" text,
	"issued_at" timestamp with time zone NOT NULL,
	"last_issued_at" timestamp with time zone NOT NULL,
	"first_utterance" text,
	"event_count" integer DEFAULT 0 NOT NULL,
	"request_count" integer DEFAULT 0 NOT NULL,
	"response_count" integer DEFAULT 0 NOT NULL,
	"error_count" integer DEFAULT 0 NOT NULL,
	"oos_count" integer DEFAULT 0 NOT NULL,
	"content_count" integer DEFAULT 0 NOT NULL,
	"scenario_count" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "event_counts" (
	"project_id" uuid NOT NULL,
	"deployment_id" uuid,
	"hour" timestamp with time zone NOT NULL,
	"data_type" text NOT NULL,
	"response_type" text,
	"integration_type" text NOT NULL,
	"input_method" text NOT NULL,
	"count" bigint NOT NULL,
	CONSTRAINT "event_counts_key" UNIQUE NULLS NOT DISTINCT("project_id","hour","deployment_id","data_type","response_type","integration_type","input_method")
);
--> statement-breakpoint
DROP INDEX "events_project_time_idx";--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "visitor_id" text;--> statement-breakpoint
ALTER TABLE "conversations" ADD CONSTRAINT "conversations_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_counts" ADD CONSTRAINT "event_counts_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "conversations_project_time_idx" ON "conversations" USING btree ("project_id","issued_at","conv_id");--> statement-breakpoint
CREATE INDEX "events_project_time_idx" ON "events" USING btree ("project_id","issued_at","id");--> statement-breakpoint
INSERT INTO "conversations" ("conv_id", "project_id", "deployment_id", "integration_type", "visitor_id", "issued_at", "last_issued_at", "first_utterance",
  "event_count", "request_count", "response_count", "error_count", "oos_count", "content_count", "scenario_count")
SELECT "conv_id", "project_id", (array_agg("deployment_id"))[1], (array_agg("integration_type"))[1], NULL, min("issued_at"), max("issued_at"),
  (array_agg("utterance" ORDER BY "issued_at") FILTER (WHERE "data_type" = 'request'))[1],
  count(*), count(*) FILTER (WHERE "data_type" = 'request'), count(*) FILTER (WHERE "data_type" = 'response'), count(*) FILTER (WHERE "data_type" = 'error'),
  count(*) FILTER (WHERE "response_type" = 'oos'), count(*) FILTER (WHERE "response_type" = 'content'), count(*) FILTER (WHERE "response_type" = 'scenario')
FROM "events" GROUP BY "conv_id", "project_id"
ON CONFLICT ("conv_id") DO NOTHING;--> statement-breakpoint
INSERT INTO "event_counts" ("project_id", "deployment_id", "hour", "data_type", "response_type", "integration_type", "input_method", "count")
SELECT "project_id", "deployment_id", date_trunc('hour', "issued_at", 'UTC'), "data_type", "response_type", "integration_type", "input_method", count(*)
FROM "events" GROUP BY 1, 2, 3, 4, 5, 6, 7;
