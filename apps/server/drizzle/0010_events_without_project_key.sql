ALTER TABLE "conversations" DROP CONSTRAINT "conversations_project_id_projects_id_fk";
--> statement-breakpoint
ALTER TABLE "events" DROP CONSTRAINT "events_project_id_projects_id_fk";
--> statement-breakpoint
-- The events and conversations go with their project as a cascading key would take them, without a
-- key checked on every stored row: the statement that stores events locks their projects (FOR KEY
-- SHARE, once per batch), so a deletion waits for a batch in progress and this trigger then sees
-- its rows, and a batch after the deletion finds no project and stores nothing.
CREATE FUNCTION "remove_project_events"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM "events" WHERE "project_id" IN (SELECT "id" FROM "removed_projects");
  DELETE FROM "conversations" WHERE "project_id" IN (SELECT "id" FROM "removed_projects");
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "projects_remove_events" AFTER DELETE ON "projects"
  REFERENCING OLD TABLE AS "removed_projects" FOR EACH STATEMENT EXECUTE FUNCTION "remove_project_events"();
