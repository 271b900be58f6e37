-- Pulls now run as jobs. A pull left running by a process of the previous version has no job to
-- finish it and would hold its source's one running pull forever: it ends as that process's stop.
UPDATE "source_pulls" SET "status" = 'failed', "error" = 'The server stopped during the pull.', "finished_at" = now() WHERE "status" = 'running';
