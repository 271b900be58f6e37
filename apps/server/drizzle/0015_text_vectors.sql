CREATE TABLE "text_vectors" (
	"workspace_id" uuid NOT NULL,
	"model" text NOT NULL,
	"text_hash" "bytea" NOT NULL,
	"vector" "bytea" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "text_vectors_workspace_id_model_text_hash_pk" PRIMARY KEY("workspace_id","model","text_hash")
);
--> statement-breakpoint
ALTER TABLE "text_vectors" ADD CONSTRAINT "text_vectors_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;