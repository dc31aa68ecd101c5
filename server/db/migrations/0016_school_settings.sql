CREATE TABLE "school_settings" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"provider_creates_students" boolean DEFAULT false NOT NULL,
	"provider_student_university_id" uuid,
	"updated_at" timestamp with time zone NOT NULL,
	"updated_by" uuid,
	CONSTRAINT "school_settings_single_row" CHECK ("school_settings"."id" = 1),
	CONSTRAINT "school_settings_provider_university" CHECK (not "school_settings"."provider_creates_students" or "school_settings"."provider_student_university_id" is not null)
);
--> statement-breakpoint
ALTER TABLE "provider_sign_in_attempts" ADD COLUMN "return_path" text;--> statement-breakpoint
ALTER TABLE "school_settings" ADD CONSTRAINT "school_settings_provider_student_university_id_universities_id_fk" FOREIGN KEY ("provider_student_university_id") REFERENCES "public"."universities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "school_settings" ADD CONSTRAINT "school_settings_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;