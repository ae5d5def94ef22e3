CREATE TABLE "uploads" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"owner_id" text NOT NULL,
	"status" text NOT NULL,
	"storage_key" text,
	"original_name" text NOT NULL,
	"kind" text,
	"mime" text,
	"bytes" bigint NOT NULL,
	"duration_seconds" real,
	"width" integer,
	"height" integer,
	"has_audio" boolean,
	"error_code" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "uploads_owner_created_idx" ON "uploads" USING btree ("owner_id","created_at");