CREATE TABLE "visitors" (
	"project_id" uuid NOT NULL,
	"deployment_id" uuid,
	"visitor_id" text NOT NULL,
	CONSTRAINT "visitors_key" UNIQUE NULLS NOT DISTINCT("project_id","deployment_id","visitor_id")
);
--> statement-breakpoint
ALTER TABLE "visitors" ADD CONSTRAINT "visitors_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
INSERT INTO "visitors" ("project_id", "deployment_id", "visitor_id")
SELECT DISTINCT "project_id", "deployment_id", coalesce("visitor_id", "conv_id"::text) FROM "conversations";
