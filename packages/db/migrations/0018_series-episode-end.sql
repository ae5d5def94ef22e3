ALTER TABLE "series_episodes" ADD COLUMN "measured" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "series_episodes" ADD COLUMN "ended_at" timestamp with time zone;