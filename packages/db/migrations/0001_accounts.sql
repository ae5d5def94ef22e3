CREATE TABLE "gift_code_redemptions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"code" text NOT NULL,
	"user_id" text NOT NULL,
	"grant" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "gift_codes" (
	"code" text PRIMARY KEY NOT NULL,
	"batch_id" text NOT NULL,
	"points" integer DEFAULT 0 NOT NULL,
	"plan_id" text,
	"vip_days" integer DEFAULT 0 NOT NULL,
	"max_redemptions" integer DEFAULT 1 NOT NULL,
	"redemptions" integer DEFAULT 0 NOT NULL,
	"per_user_limit" integer DEFAULT 1 NOT NULL,
	"expires_at" timestamp with time zone,
	"disabled_at" timestamp with time zone,
	"note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "gift_codes_redemptions_within_max" CHECK ("gift_codes"."redemptions" <= "gift_codes"."max_redemptions"),
	CONSTRAINT "gift_codes_grants_something" CHECK ("gift_codes"."points" > 0 OR "gift_codes"."vip_days" > 0)
);
--> statement-breakpoint
CREATE TABLE "point_entries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"type" text NOT NULL,
	"available_delta" integer NOT NULL,
	"freeze_delta" integer DEFAULT 0 NOT NULL,
	"available_after" integer NOT NULL,
	"freeze_after" integer NOT NULL,
	"job_id" uuid,
	"reference" text,
	"reason" text,
	"idempotency_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "point_holds" (
	"job_id" uuid PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"amount" integer NOT NULL,
	"status" text DEFAULT 'held' NOT NULL,
	"charged" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"closed_at" timestamp with time zone,
	CONSTRAINT "point_holds_amount_positive" CHECK ("point_holds"."amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "user_accounts" (
	"user_id" text PRIMARY KEY NOT NULL,
	"plan_id" text DEFAULT 'free' NOT NULL,
	"vip_level" integer DEFAULT 0 NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"available_point" integer DEFAULT 0 NOT NULL,
	"freeze_point" integer DEFAULT 0 NOT NULL,
	"total_point" integer DEFAULT 0 NOT NULL,
	"expire_time" timestamp with time zone,
	"period_start" timestamp with time zone DEFAULT now() NOT NULL,
	"vt_used" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "user_accounts_available_nonnegative" CHECK ("user_accounts"."available_point" >= 0),
	CONSTRAINT "user_accounts_freeze_nonnegative" CHECK ("user_accounts"."freeze_point" >= 0),
	CONSTRAINT "user_accounts_total_consistent" CHECK ("user_accounts"."total_point" = "user_accounts"."available_point" + "user_accounts"."freeze_point")
);
--> statement-breakpoint
CREATE INDEX "gift_code_redemptions_code_user_idx" ON "gift_code_redemptions" USING btree ("code","user_id");--> statement-breakpoint
CREATE INDEX "gift_codes_batch_idx" ON "gift_codes" USING btree ("batch_id");--> statement-breakpoint
CREATE UNIQUE INDEX "point_entries_idempotency_key_idx" ON "point_entries" USING btree ("idempotency_key");--> statement-breakpoint
CREATE INDEX "point_entries_user_created_idx" ON "point_entries" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "point_holds_status_created_idx" ON "point_holds" USING btree ("status","created_at");