CREATE TABLE "dubbing_casts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"owner_id" text NOT NULL,
	"name" text NOT NULL,
	"characters" jsonb NOT NULL,
	"glossary" jsonb NOT NULL,
	"pronunciations" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "dubbing_edit_batches" (
	"project_id" uuid NOT NULL,
	"batch_id" uuid NOT NULL,
	"outcome" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "dubbing_edit_batches_project_id_batch_id_pk" PRIMARY KEY("project_id","batch_id")
);
--> statement-breakpoint
CREATE TABLE "dubbing_projects" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"owner_id" text NOT NULL,
	"edition" text NOT NULL,
	"title" text NOT NULL,
	"status" text DEFAULT 'preparing' NOT NULL,
	"error" jsonb,
	"origin_kind" text NOT NULL,
	"origin_job_id" uuid,
	"prepare_job_id" uuid,
	"media_kind" text NOT NULL,
	"duration_ms" integer NOT NULL,
	"width" integer,
	"height" integer,
	"media_key" text,
	"poster_key" text,
	"peaks_key" text,
	"background_key" text,
	"dialogue_key" text,
	"source_language" text NOT NULL,
	"target_languages" jsonb NOT NULL,
	"characters" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"glossary" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"pronunciations" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"revision" integer DEFAULT 1 NOT NULL,
	"settings_revision" integer DEFAULT 1 NOT NULL,
	"segment_count" integer DEFAULT 0 NOT NULL,
	"last_version_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "dubbing_segments" (
	"project_id" uuid NOT NULL,
	"id" text NOT NULL,
	"revision" integer NOT NULL,
	"start_ms" integer NOT NULL,
	"end_ms" integer NOT NULL,
	"character_id" text NOT NULL,
	"source_text" text DEFAULT '' NOT NULL,
	"translations" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"speed" double precision DEFAULT 1 NOT NULL,
	"volume" double precision DEFAULT 1 NOT NULL,
	"takes" jsonb DEFAULT '{}'::jsonb NOT NULL,
	CONSTRAINT "dubbing_segments_project_id_id_pk" PRIMARY KEY("project_id","id")
);
--> statement-breakpoint
CREATE TABLE "dubbing_versions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"project_id" uuid NOT NULL,
	"reason" text NOT NULL,
	"revision" integer NOT NULL,
	"segment_count" integer NOT NULL,
	"snapshot" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "dubbing_edit_batches" ADD CONSTRAINT "dubbing_edit_batches_project_id_dubbing_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."dubbing_projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dubbing_segments" ADD CONSTRAINT "dubbing_segments_project_id_dubbing_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."dubbing_projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dubbing_versions" ADD CONSTRAINT "dubbing_versions_project_id_dubbing_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."dubbing_projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "dubbing_casts_owner_name_idx" ON "dubbing_casts" USING btree ("owner_id","name");--> statement-breakpoint
CREATE INDEX "dubbing_edit_batches_created_idx" ON "dubbing_edit_batches" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "dubbing_projects_owner_idx" ON "dubbing_projects" USING btree ("owner_id","edition","updated_at");--> statement-breakpoint
CREATE INDEX "dubbing_segments_time_idx" ON "dubbing_segments" USING btree ("project_id","start_ms");--> statement-breakpoint
CREATE INDEX "dubbing_versions_project_idx" ON "dubbing_versions" USING btree ("project_id","created_at");