CREATE TABLE "deploy_history" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"position" bigint GENERATED ALWAYS AS IDENTITY (sequence name "deploy_history_position_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"deployment_id" uuid NOT NULL,
	"project_id" uuid NOT NULL,
	"action" text NOT NULL,
	"snapshot_id" uuid NOT NULL,
	"previous_snapshot_id" uuid,
	"reason" text DEFAULT '' NOT NULL,
	"override_reason" text,
	"deployed_by" uuid,
	"deployed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "jobs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"project_id" uuid NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"params" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"done" integer DEFAULT 0 NOT NULL,
	"total" integer DEFAULT 0 NOT NULL,
	"error" text,
	"cancel_requested" boolean DEFAULT false NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"runner" text,
	"heartbeat_at" timestamp with time zone,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "test_cases" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"project_id" uuid NOT NULL,
	"question" text NOT NULL,
	"context" text[] DEFAULT '{}' NOT NULL,
	"expect_type" text NOT NULL,
	"expect_content_id" uuid,
	"expect_intent_id" uuid,
	"expect_sequence_id" uuid,
	"expect_node_id" text,
	"must_contain" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "test_results" (
	"run_id" uuid NOT NULL,
	"case_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"question" text NOT NULL,
	"context" text[] DEFAULT '{}' NOT NULL,
	"expectation" jsonb NOT NULL,
	"passed" boolean NOT NULL,
	"reason" text DEFAULT '' NOT NULL,
	"answer" jsonb NOT NULL,
	"trace" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "test_results_run_id_case_id_pk" PRIMARY KEY("run_id","case_id")
);
--> statement-breakpoint
CREATE TABLE "test_runs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"project_id" uuid NOT NULL,
	"snapshot_id" uuid NOT NULL,
	"job_id" uuid,
	"trigger" text NOT NULL,
	"total" integer DEFAULT 0 NOT NULL,
	"passed" integer DEFAULT 0 NOT NULL,
	"failed" integer DEFAULT 0 NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "replay_items" (
	"replay_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"question" text NOT NULL,
	"context" text[] DEFAULT '{}' NOT NULL,
	"asked" integer NOT NULL,
	"group" text NOT NULL,
	"before" jsonb NOT NULL,
	"after" jsonb NOT NULL,
	"before_trace" jsonb NOT NULL,
	"after_trace" jsonb NOT NULL,
	CONSTRAINT "replay_items_replay_id_position_pk" PRIMARY KEY("replay_id","position")
);
--> statement-breakpoint
CREATE TABLE "replays" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"project_id" uuid NOT NULL,
	"deployment_id" uuid NOT NULL,
	"base_snapshot_id" uuid NOT NULL,
	"candidate_snapshot_id" uuid NOT NULL,
	"job_id" uuid,
	"window_from" timestamp with time zone NOT NULL,
	"window_to" timestamp with time zone NOT NULL,
	"question_limit" integer NOT NULL,
	"summary" jsonb,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "deployments" ADD COLUMN "require_passing_tests" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "snapshots" ADD COLUMN "number" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "snapshots" ADD COLUMN "note" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "snapshots" ADD COLUMN "counts" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
-- Existing snapshots become versions 1, 2, 3, ... of their project in the order they were synced.
UPDATE "snapshots" AS s SET "number" = n."rn" FROM (SELECT "id", row_number() OVER (PARTITION BY "project_id" ORDER BY "created_at", "id") AS "rn" FROM "snapshots") AS n WHERE s."id" = n."id";--> statement-breakpoint
UPDATE "snapshots" SET "counts" = jsonb_build_object(
	'contents', jsonb_array_length(coalesce("data"->'contents', '[]'::jsonb)),
	'intents', jsonb_array_length(coalesce("data"->'intents', '[]'::jsonb)),
	'utterances', (SELECT coalesce(sum(jsonb_array_length(coalesce(item->'utterances', '[]'::jsonb))), 0) FROM jsonb_array_elements(coalesce("data"->'contents', '[]'::jsonb) || coalesce("data"->'intents', '[]'::jsonb)) AS item),
	'slots', jsonb_array_length(coalesce("data"->'slots', '[]'::jsonb)),
	'sequences', jsonb_array_length(coalesce("data"->'sequences', '[]'::jsonb)));--> statement-breakpoint
ALTER TABLE "snapshots" ALTER COLUMN "number" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "snapshots" ALTER COLUMN "counts" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "deploy_history" ADD CONSTRAINT "deploy_history_deployment_id_deployments_id_fk" FOREIGN KEY ("deployment_id") REFERENCES "public"."deployments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deploy_history" ADD CONSTRAINT "deploy_history_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deploy_history" ADD CONSTRAINT "deploy_history_snapshot_id_snapshots_id_fk" FOREIGN KEY ("snapshot_id") REFERENCES "public"."snapshots"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deploy_history" ADD CONSTRAINT "deploy_history_previous_snapshot_id_snapshots_id_fk" FOREIGN KEY ("previous_snapshot_id") REFERENCES "public"."snapshots"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deploy_history" ADD CONSTRAINT "deploy_history_deployed_by_users_id_fk" FOREIGN KEY ("deployed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "jobs" ADD CONSTRAINT "jobs_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "jobs" ADD CONSTRAINT "jobs_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "test_cases" ADD CONSTRAINT "test_cases_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "test_results" ADD CONSTRAINT "test_results_run_id_test_runs_id_fk" FOREIGN KEY ("run_id") REFERENCES "public"."test_runs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "test_runs" ADD CONSTRAINT "test_runs_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "test_runs" ADD CONSTRAINT "test_runs_snapshot_id_snapshots_id_fk" FOREIGN KEY ("snapshot_id") REFERENCES "public"."snapshots"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "test_runs" ADD CONSTRAINT "test_runs_job_id_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."jobs"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "test_runs" ADD CONSTRAINT "test_runs_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "replay_items" ADD CONSTRAINT "replay_items_replay_id_replays_id_fk" FOREIGN KEY ("replay_id") REFERENCES "public"."replays"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "replays" ADD CONSTRAINT "replays_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "replays" ADD CONSTRAINT "replays_deployment_id_deployments_id_fk" FOREIGN KEY ("deployment_id") REFERENCES "public"."deployments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "replays" ADD CONSTRAINT "replays_base_snapshot_id_snapshots_id_fk" FOREIGN KEY ("base_snapshot_id") REFERENCES "public"."snapshots"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "replays" ADD CONSTRAINT "replays_candidate_snapshot_id_snapshots_id_fk" FOREIGN KEY ("candidate_snapshot_id") REFERENCES "public"."snapshots"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "replays" ADD CONSTRAINT "replays_job_id_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."jobs"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "replays" ADD CONSTRAINT "replays_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "deploy_history_deployment_idx" ON "deploy_history" USING btree ("deployment_id","position");--> statement-breakpoint
CREATE INDEX "jobs_project_idx" ON "jobs" USING btree ("project_id","created_at");--> statement-breakpoint
CREATE INDEX "jobs_open_idx" ON "jobs" USING btree ("created_at") WHERE "jobs"."status" in ('queued', 'running');--> statement-breakpoint
CREATE INDEX "test_cases_project_idx" ON "test_cases" USING btree ("project_id","created_at");--> statement-breakpoint
CREATE INDEX "test_runs_project_idx" ON "test_runs" USING btree ("project_id","created_at");--> statement-breakpoint
CREATE INDEX "test_runs_snapshot_idx" ON "test_runs" USING btree ("snapshot_id","created_at");--> statement-breakpoint
CREATE INDEX "replay_items_group_idx" ON "replay_items" USING btree ("replay_id","group","position");--> statement-breakpoint
CREATE INDEX "replays_project_idx" ON "replays" USING btree ("project_id","created_at");--> statement-breakpoint
CREATE INDEX "replays_candidate_idx" ON "replays" USING btree ("candidate_snapshot_id","created_at");--> statement-breakpoint
ALTER TABLE "snapshots" ADD CONSTRAINT "snapshots_project_number_unique" UNIQUE("project_id","number");--> statement-breakpoint
-- A deployment deployed before the history began starts it with that deploy.
INSERT INTO "deploy_history" ("deployment_id", "project_id", "action", "snapshot_id", "deployed_by", "deployed_at")
	SELECT d."id", d."project_id", 'deploy', d."snapshot_id", d."deployer_id", coalesce(d."deployed_at", d."updated_at")
	FROM "deployments" AS d JOIN "snapshots" AS s ON s."id" = d."snapshot_id";