CREATE TABLE "analytics_events" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "analytics_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	"event_time" timestamp with time zone NOT NULL,
	"event_name" text NOT NULL,
	"ingest" text NOT NULL,
	"pid" text,
	"tag" text,
	"user_id" text,
	"language" text,
	"path" text,
	"traffic_source" text,
	"country" text,
	"remote_ip" text,
	"payload" jsonb NOT NULL
);
--> statement-breakpoint
CREATE INDEX "analytics_events_time_idx" ON "analytics_events" USING btree ("event_time");--> statement-breakpoint
CREATE INDEX "analytics_events_name_time_idx" ON "analytics_events" USING btree ("event_name","event_time");