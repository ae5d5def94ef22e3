ALTER TABLE "jobs" ADD COLUMN "admitted_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "jobs_owner_active_idx" ON "jobs" USING btree ("owner_id","created_at") WHERE "jobs"."status" in ('queued', 'running');--> statement-breakpoint
-- Every job accepted before run slots existed was handed to the queue at once.
UPDATE "jobs" SET "admitted_at" = "created_at" WHERE "admitted_at" IS NULL;
