ALTER TABLE "score_history" ADD COLUMN "request_id" uuid;--> statement-breakpoint
ALTER TABLE "attendance_history" ADD COLUMN "request_id" uuid;--> statement-breakpoint
ALTER TABLE "requests" ADD COLUMN "points" numeric(14, 2);--> statement-breakpoint
ALTER TABLE "requests" ADD COLUMN "reject_reason" text;--> statement-breakpoint
ALTER TABLE "requests" ADD CONSTRAINT "requests_points_for_achievement_confirm" CHECK ("requests"."points" is null or "requests"."type" = 2);--> statement-breakpoint
ALTER TABLE "requests" ADD CONSTRAINT "requests_reject_reason_when_rejected" CHECK ("requests"."reject_reason" is null or "requests"."status" = 0);--> statement-breakpoint
ALTER TABLE "requests" ADD CONSTRAINT "requests_reject_reason_length" CHECK (char_length("requests"."reject_reason") <= 500 and char_length(btrim("requests"."reject_reason")) > 0);