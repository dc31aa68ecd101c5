ALTER TABLE "notifications" DROP CONSTRAINT "notifications_message_length";--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "locale" text DEFAULT 'ja' NOT NULL;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_message_code" CHECK ("notifications"."message" in ('notification_request_created', 'notification_request_approved', 'notification_request_rejected', 'notification_new_sticky', 'notification_account_changed'));--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_locale_valid" CHECK ("users"."locale" in ('ja', 'vi', 'en'));