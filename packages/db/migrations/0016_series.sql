CREATE TABLE "series" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"owner_id" text NOT NULL,
	"name" text NOT NULL,
	"source_language" text,
	"target_languages" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"characters" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"glossary" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"pronunciations" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"subtitle_styles" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "series_episodes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"series_id" uuid NOT NULL,
	"owner_id" text NOT NULL,
	"number" integer NOT NULL,
	"title" text NOT NULL,
	"upload_id" uuid NOT NULL,
	"jobs" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"glossary_misses" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "series_episodes" ADD CONSTRAINT "series_episodes_series_id_series_id_fk" FOREIGN KEY ("series_id") REFERENCES "public"."series"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "series_owner_name_idx" ON "series" USING btree ("owner_id","name");--> statement-breakpoint
CREATE UNIQUE INDEX "series_episodes_number_idx" ON "series_episodes" USING btree ("series_id","number");--> statement-breakpoint
CREATE INDEX "series_episodes_owner_idx" ON "series_episodes" USING btree ("owner_id");