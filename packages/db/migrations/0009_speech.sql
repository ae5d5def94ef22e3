CREATE TABLE "cloned_voices" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"owner_id" text NOT NULL,
	"name" text NOT NULL,
	"language" text NOT NULL,
	"gender" text,
	"status" text DEFAULT 'processing' NOT NULL,
	"upload_id" uuid,
	"sample_key" text,
	"preview_key" text,
	"job_id" uuid,
	"profile" jsonb,
	"base_voice_key" text,
	"remote_engine_id" text,
	"remote_voice_id" text,
	"speech_seconds" real,
	"consent_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "pronunciation_entries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"owner_id" text NOT NULL,
	"language" text NOT NULL,
	"term" text NOT NULL,
	"replacement" text NOT NULL,
	"kind" text DEFAULT 'spelling' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "voice_favorites" (
	"owner_id" text NOT NULL,
	"voice_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "voice_favorites_owner_id_voice_key_pk" PRIMARY KEY("owner_id","voice_key")
);
--> statement-breakpoint
CREATE INDEX "cloned_voices_owner_idx" ON "cloned_voices" USING btree ("owner_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "pronunciation_owner_term_idx" ON "pronunciation_entries" USING btree ("owner_id","language","term");