CREATE TABLE "account_locks" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"reason" text NOT NULL,
	"locked_at" timestamp with time zone NOT NULL,
	"locked_until" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "auth_attempts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"subject" text NOT NULL,
	"success" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "mail_outbox" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"to" text NOT NULL,
	"subject" text NOT NULL,
	"body" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"sent_at" timestamp with time zone,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	CONSTRAINT "mail_outbox_attempts_not_negative" CHECK ("mail_outbox"."attempts" >= 0),
	CONSTRAINT "mail_outbox_to_present" CHECK (position('@' in "mail_outbox"."to") > 1)
);
--> statement-breakpoint
CREATE TABLE "otp_codes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"session_id" text NOT NULL,
	"code_hash" text NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	CONSTRAINT "otp_codes_attempts_not_negative" CHECK ("otp_codes"."attempts" >= 0),
	CONSTRAINT "otp_codes_expiry_after_creation" CHECK ("otp_codes"."expires_at" > "otp_codes"."created_at")
);
--> statement-breakpoint
CREATE TABLE "password_resets" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	CONSTRAINT "password_resets_expiry_after_creation" CHECK ("password_resets"."expires_at" > "password_resets"."created_at")
);
--> statement-breakpoint
CREATE TABLE "trusted_devices" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"user_agent" text,
	CONSTRAINT "trusted_devices_expiry_after_creation" CHECK ("trusted_devices"."expires_at" > "trusted_devices"."created_at")
);
--> statement-breakpoint
CREATE TABLE "achievements" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"seq" bigint NOT NULL,
	"deleted" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"subject_id" uuid NOT NULL,
	"university_id" uuid NOT NULL,
	"subject_student_id" uuid NOT NULL,
	"student_id" uuid NOT NULL,
	"score_name_id" uuid NOT NULL,
	"full_score" numeric(14, 2) NOT NULL,
	"schedule_id" uuid,
	"points" numeric(14, 2),
	"comment" text,
	CONSTRAINT "achievements_points_not_negative" CHECK ("achievements"."points" >= 0),
	CONSTRAINT "achievements_points_within_full" CHECK ("achievements"."points" <= "achievements"."full_score"),
	CONSTRAINT "achievements_comment_length" CHECK (char_length("achievements"."comment") <= 1000)
);
--> statement-breakpoint
CREATE TABLE "result_history" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"result_id" uuid NOT NULL,
	"subject_id" uuid NOT NULL,
	"changed_by" uuid NOT NULL,
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"old_final_score" numeric(14, 2),
	"new_final_score" numeric(14, 2),
	"old_comment" text,
	"new_comment" text,
	"offline" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "results" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"seq" bigint NOT NULL,
	"deleted" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"subject_id" uuid NOT NULL,
	"university_id" uuid NOT NULL,
	"subject_student_id" uuid NOT NULL,
	"student_id" uuid NOT NULL,
	"gpa" numeric(4, 2),
	"final_score" numeric(14, 2),
	"formula" text,
	"comment" text,
	CONSTRAINT "results_gpa_range" CHECK ("results"."gpa" between 0 and 4),
	CONSTRAINT "results_formula_length" CHECK (char_length("results"."formula") <= 1000),
	CONSTRAINT "results_comment_length" CHECK (char_length("results"."comment") <= 1000),
	CONSTRAINT "results_final_score_not_negative" CHECK ("results"."final_score" >= 0)
);
--> statement-breakpoint
CREATE TABLE "score_history" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"achievement_id" uuid NOT NULL,
	"subject_id" uuid NOT NULL,
	"changed_by" uuid NOT NULL,
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"old_points" numeric(14, 2),
	"new_points" numeric(14, 2),
	"old_comment" text,
	"new_comment" text,
	"offline" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "score_names" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"seq" bigint NOT NULL,
	"deleted" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"subject_id" uuid NOT NULL,
	"university_id" uuid NOT NULL,
	"lesson_id" uuid,
	"parent_id" uuid,
	"name" text NOT NULL,
	"full_score" numeric(14, 2) NOT NULL,
	"option_plus" boolean DEFAULT false NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "score_names_id_subject_unique" UNIQUE("id","subject_id"),
	CONSTRAINT "score_names_id_full_score_unique" UNIQUE("id","full_score"),
	CONSTRAINT "score_names_not_own_parent" CHECK ("score_names"."parent_id" <> "score_names"."id"),
	CONSTRAINT "score_names_full_score_positive" CHECK ("score_names"."full_score" > 0),
	CONSTRAINT "score_names_full_score_digits" CHECK ("score_names"."full_score" <= 9999999999),
	CONSTRAINT "score_names_name_length" CHECK (char_length("score_names"."name") <= 255 and char_length(btrim("score_names"."name")) > 0)
);
--> statement-breakpoint
CREATE TABLE "attendance_history" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"attendance_id" uuid NOT NULL,
	"subject_id" uuid NOT NULL,
	"changed_by" uuid NOT NULL,
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"old_status" smallint,
	"new_status" smallint,
	"old_absence_reasons" text,
	"new_absence_reasons" text,
	"old_comment" text,
	"new_comment" text,
	"offline" boolean DEFAULT false NOT NULL,
	CONSTRAINT "attendance_history_old_status_valid" CHECK ("attendance_history"."old_status" in (0, 1, 2, 3)),
	CONSTRAINT "attendance_history_new_status_valid" CHECK ("attendance_history"."new_status" in (0, 1, 2, 3))
);
--> statement-breakpoint
CREATE TABLE "attendances" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"seq" bigint NOT NULL,
	"deleted" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"subject_id" uuid NOT NULL,
	"university_id" uuid NOT NULL,
	"class_student_id" uuid NOT NULL,
	"student_id" uuid NOT NULL,
	"schedule_id" uuid NOT NULL,
	"status" smallint,
	"late_minutes" smallint,
	"absence_reasons" text,
	"comment" text,
	CONSTRAINT "attendances_status_valid" CHECK ("attendances"."status" in (0, 1, 2, 3)),
	CONSTRAINT "attendances_late_minutes_range" CHECK ("attendances"."late_minutes" between 1 and 300),
	CONSTRAINT "attendances_late_minutes_only_when_late" CHECK ("attendances"."late_minutes" is null or "attendances"."status" is not distinct from 2),
	CONSTRAINT "attendances_absence_reasons_length" CHECK (char_length("attendances"."absence_reasons") <= 1000),
	CONSTRAINT "attendances_comment_length" CHECK (char_length("attendances"."comment") <= 1000)
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"user_agent" text,
	"otp_verified" boolean DEFAULT false NOT NULL,
	"trusted_device" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "notification_settings" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"web" boolean DEFAULT true NOT NULL,
	"mail" boolean DEFAULT true NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "notifications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"seq" bigint NOT NULL,
	"deleted" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"user_id" uuid NOT NULL,
	"message" text NOT NULL,
	"url" text NOT NULL,
	"read_at" timestamp with time zone,
	CONSTRAINT "notifications_message_length" CHECK (char_length("notifications"."message") <= 3000 and char_length(btrim("notifications"."message")) > 0),
	CONSTRAINT "notifications_url_length" CHECK (char_length("notifications"."url") <= 2048),
	CONSTRAINT "notifications_url_relative" CHECK ("notifications"."url" like '/%' and "notifications"."url" not like '//%')
);
--> statement-breakpoint
CREATE TABLE "stickies" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"seq" bigint NOT NULL,
	"deleted" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"user_id" uuid NOT NULL,
	"type" smallint NOT NULL,
	"status" smallint DEFAULT 0 NOT NULL,
	"content" text,
	"university_id" uuid,
	"subject_id" uuid,
	"year_code_id" uuid,
	"lesson_id" uuid,
	"class_id" uuid,
	"schedule_id" uuid,
	"highlight_id" uuid,
	"plan_id" uuid,
	"memo_id" uuid,
	"request_id" uuid,
	"student_id" uuid,
	CONSTRAINT "stickies_type_valid" CHECK ("stickies"."type" in (0, 1, 2, 3, 4, 5, 6, 8, 9, 10, 11, 12, 13, 14, 16, 17, 18)),
	CONSTRAINT "stickies_status_valid" CHECK ("stickies"."status" in (0, 1)),
	CONSTRAINT "stickies_content_length" CHECK (char_length("stickies"."content") <= 3000)
);
--> statement-breakpoint
CREATE TABLE "event_rankings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"event_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"rank" integer NOT NULL,
	"score" numeric(14, 2) DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "event_rankings_rank_positive" CHECK ("event_rankings"."rank" >= 1),
	CONSTRAINT "event_rankings_score_not_negative" CHECK ("event_rankings"."score" >= 0)
);
--> statement-breakpoint
CREATE TABLE "event_universities" (
	"event_id" uuid NOT NULL,
	"university_id" uuid NOT NULL,
	CONSTRAINT "event_universities_pk" PRIMARY KEY("event_id","university_id")
);
--> statement-breakpoint
CREATE TABLE "events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"start_time" timestamp with time zone NOT NULL,
	"end_time" timestamp with time zone NOT NULL,
	"description" text,
	"url" text,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "events_time_ordered" CHECK ("events"."end_time" >= "events"."start_time"),
	CONSTRAINT "events_name_length" CHECK (char_length("events"."name") <= 255 and char_length(btrim("events"."name")) > 0),
	CONSTRAINT "events_description_length" CHECK (char_length("events"."description") <= 3000),
	CONSTRAINT "events_url_length" CHECK (char_length("events"."url") <= 2048)
);
--> statement-breakpoint
CREATE TABLE "highlights" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"seq" bigint NOT NULL,
	"deleted" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"subject_id" uuid NOT NULL,
	"university_id" uuid NOT NULL,
	"type" smallint NOT NULL,
	"condition_type" smallint NOT NULL,
	"compare_type" smallint NOT NULL,
	"value" numeric(14, 2) NOT NULL,
	"message_to_student" text,
	"priority" integer DEFAULT 0 NOT NULL,
	"hidden" boolean DEFAULT false NOT NULL,
	CONSTRAINT "highlights_type_valid" CHECK ("highlights"."type" in (0, 1)),
	CONSTRAINT "highlights_condition_valid" CHECK ("highlights"."condition_type" in (0, 1, 2, 3, 4)),
	CONSTRAINT "highlights_compare_valid" CHECK ("highlights"."compare_type" in (0, 1, 2, 3, 4)),
	CONSTRAINT "highlights_condition_fits_type" CHECK (("highlights"."type" = 1) = ("highlights"."condition_type" = 4)),
	CONSTRAINT "highlights_value_not_negative" CHECK ("highlights"."value" >= 0),
	CONSTRAINT "highlights_value_range" CHECK (case when "highlights"."condition_type" = 4 then "highlights"."value" <= 4
        else "highlights"."value" = trunc("highlights"."value") and "highlights"."value" <= 9999999999 end),
	CONSTRAINT "highlights_priority_not_negative" CHECK ("highlights"."priority" >= 0),
	CONSTRAINT "highlights_message_length" CHECK (char_length("highlights"."message_to_student") <= 1000)
);
--> statement-breakpoint
CREATE TABLE "lessons" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"seq" bigint NOT NULL,
	"deleted" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"subject_id" uuid NOT NULL,
	"university_id" uuid NOT NULL,
	"name" text NOT NULL,
	"type" smallint NOT NULL,
	"publish" smallint DEFAULT 0 NOT NULL,
	"table_of_contents" text,
	"overview" text,
	"minutes" integer,
	"exam_name_id" uuid,
	"assist_apply" boolean DEFAULT false NOT NULL,
	"assist_status" smallint DEFAULT 0 NOT NULL,
	CONSTRAINT "lessons_id_subject_unique" UNIQUE("id","subject_id"),
	CONSTRAINT "lessons_type_valid" CHECK ("lessons"."type" in (0, 1)),
	CONSTRAINT "lessons_publish_valid" CHECK ("lessons"."publish" in (0, 1)),
	CONSTRAINT "lessons_assist_status_valid" CHECK ("lessons"."assist_status" in (0, 1)),
	CONSTRAINT "lessons_name_length" CHECK (char_length("lessons"."name") <= 255 and char_length(btrim("lessons"."name")) > 0),
	CONSTRAINT "lessons_table_of_contents_length" CHECK (char_length("lessons"."table_of_contents") <= 50),
	CONSTRAINT "lessons_overview_length" CHECK (char_length("lessons"."overview") <= 300),
	CONSTRAINT "lessons_minutes_range" CHECK ("lessons"."minutes" between 0 and 300),
	CONSTRAINT "lessons_exam_name_only_on_exams" CHECK ("lessons"."exam_name_id" is null or "lessons"."type" = 1)
);
--> statement-breakpoint
CREATE TABLE "schedule_teachers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"seq" bigint NOT NULL,
	"deleted" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"subject_id" uuid NOT NULL,
	"university_id" uuid NOT NULL,
	"schedule_id" uuid NOT NULL,
	"teacher_id" uuid NOT NULL
);
--> statement-breakpoint
CREATE TABLE "schedules" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"seq" bigint NOT NULL,
	"deleted" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"subject_id" uuid NOT NULL,
	"university_id" uuid NOT NULL,
	"lesson_id" uuid NOT NULL,
	"class_id" uuid NOT NULL,
	"day" date NOT NULL,
	"start_time" time NOT NULL,
	"end_time" time NOT NULL,
	"room_id" uuid,
	CONSTRAINT "schedules_id_subject_unique" UNIQUE("id","subject_id"),
	CONSTRAINT "schedules_id_lesson_unique" UNIQUE("id","lesson_id"),
	CONSTRAINT "schedules_time_ordered" CHECK ("schedules"."end_time" > "schedules"."start_time")
);
--> statement-breakpoint
CREATE TABLE "class_names" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"seq" bigint NOT NULL,
	"deleted" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"university_id" uuid
);
--> statement-breakpoint
CREATE TABLE "exam_names" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"seq" bigint NOT NULL,
	"deleted" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"subject_name_id" uuid
);
--> statement-breakpoint
CREATE TABLE "faculties" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"seq" bigint NOT NULL,
	"deleted" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"university_id" uuid NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rooms" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"seq" bigint NOT NULL,
	"deleted" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"university_id" uuid NOT NULL
);
--> statement-breakpoint
CREATE TABLE "semesters" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"seq" bigint NOT NULL,
	"deleted" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"start_date" date NOT NULL,
	"end_date" date NOT NULL,
	CONSTRAINT "semesters_dates_ordered" CHECK ("semesters"."end_date" >= "semesters"."start_date")
);
--> statement-breakpoint
CREATE TABLE "subject_names" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"seq" bigint NOT NULL,
	"deleted" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "universities" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"seq" bigint NOT NULL,
	"deleted" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "year_codes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"seq" bigint NOT NULL,
	"deleted" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"color" text NOT NULL,
	"university_id" uuid,
	"faculty_id" uuid
);
--> statement-breakpoint
CREATE TABLE "memo_schedules" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"seq" bigint NOT NULL,
	"deleted" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"subject_id" uuid NOT NULL,
	"university_id" uuid NOT NULL,
	"memo_id" uuid NOT NULL,
	"schedule_id" uuid NOT NULL
);
--> statement-breakpoint
CREATE TABLE "memos" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"seq" bigint NOT NULL,
	"deleted" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"subject_id" uuid NOT NULL,
	"university_id" uuid NOT NULL,
	"message" text NOT NULL,
	"contact_to_head_teacher" boolean DEFAULT false NOT NULL,
	"author_id" uuid NOT NULL,
	CONSTRAINT "memos_id_subject_unique" UNIQUE("id","subject_id"),
	CONSTRAINT "memos_message_length" CHECK (char_length("memos"."message") <= 3000 and char_length(btrim("memos"."message")) > 0)
);
--> statement-breakpoint
CREATE TABLE "notes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"seq" bigint NOT NULL,
	"deleted" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"subject_id" uuid NOT NULL,
	"university_id" uuid NOT NULL,
	"lesson_id" uuid,
	"student_id" uuid,
	"content" text NOT NULL,
	"author_id" uuid NOT NULL,
	CONSTRAINT "notes_content_length" CHECK (char_length("notes"."content") <= 3000 and char_length(btrim("notes"."content")) > 0)
);
--> statement-breakpoint
CREATE TABLE "plan_notes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"seq" bigint NOT NULL,
	"deleted" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"subject_id" uuid NOT NULL,
	"university_id" uuid NOT NULL,
	"lesson_id" uuid NOT NULL,
	"schedule_id" uuid NOT NULL,
	"plan_id" uuid NOT NULL,
	"content" text NOT NULL,
	"author_id" uuid NOT NULL,
	CONSTRAINT "plan_notes_content_length" CHECK (char_length("plan_notes"."content") <= 3000 and char_length(btrim("plan_notes"."content")) > 0)
);
--> statement-breakpoint
CREATE TABLE "plans" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"seq" bigint NOT NULL,
	"deleted" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"subject_id" uuid NOT NULL,
	"university_id" uuid NOT NULL,
	"lesson_id" uuid NOT NULL,
	"schedule_id" uuid NOT NULL,
	"publish" smallint DEFAULT 0 NOT NULL,
	"lesson_type" smallint NOT NULL,
	"content" text,
	"links" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"contact_to_student" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"author_id" uuid,
	CONSTRAINT "plans_id_schedule_unique" UNIQUE("id","schedule_id"),
	CONSTRAINT "plans_publish_valid" CHECK ("plans"."publish" in (0, 1)),
	CONSTRAINT "plans_lesson_type_valid" CHECK ("plans"."lesson_type" in (0, 1)),
	CONSTRAINT "plans_content_length" CHECK (char_length("plans"."content") <= 3000)
);
--> statement-breakpoint
CREATE TABLE "schedule_filters" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"filter" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "students" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"identity" text NOT NULL,
	"university_id" uuid,
	"faculty_id" uuid,
	"year_code_id" uuid,
	"jlpt" smallint,
	"scholarship" boolean DEFAULT false NOT NULL,
	"seq" bigint NOT NULL,
	"deleted" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "students_jlpt_valid" CHECK ("students"."jlpt" in (1, 2, 3, 4, 5))
);
--> statement-breakpoint
CREATE TABLE "user_universities" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"seq" bigint NOT NULL,
	"deleted" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"user_id" uuid NOT NULL,
	"university_id" uuid NOT NULL
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"email" text NOT NULL,
	"name" text NOT NULL,
	"name_kana" text,
	"phone" text,
	"role" smallint NOT NULL,
	"password_hash" text NOT NULL,
	"must_change_password" boolean DEFAULT false NOT NULL,
	"avatar" text,
	"retire_at" date,
	"login_blocked" boolean DEFAULT false NOT NULL,
	"seq" bigint NOT NULL,
	"deleted" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "users_email_lowercase" CHECK ("users"."email" = lower("users"."email")),
	CONSTRAINT "users_role_valid" CHECK ("users"."role" in (0, 1, 2, 3, 5)),
	CONSTRAINT "users_name_length" CHECK (char_length("users"."name") <= 255 and char_length(btrim("users"."name")) > 0),
	CONSTRAINT "users_name_kana_length" CHECK (char_length("users"."name_kana") <= 127)
);
--> statement-breakpoint
CREATE TABLE "requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"seq" bigint NOT NULL,
	"deleted" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"subject_id" uuid NOT NULL,
	"university_id" uuid NOT NULL,
	"student_id" uuid NOT NULL,
	"class_id" uuid,
	"schedule_id" uuid,
	"score_name_id" uuid,
	"type" smallint NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"option" smallint NOT NULL,
	"attendance_kind" smallint,
	"confirm_kind" smallint,
	"accept_reason" smallint,
	"late_minutes" smallint,
	"content" text NOT NULL,
	"decided_by" uuid,
	"decided_at" timestamp with time zone,
	CONSTRAINT "requests_type_valid" CHECK ("requests"."type" in (0, 1, 2, 3)),
	CONSTRAINT "requests_status_valid" CHECK ("requests"."status" in (-1, 0, 1, 2)),
	CONSTRAINT "requests_option_valid" CHECK ("requests"."option" in (1, 2, 3, 4, 5, 6, 7)),
	CONSTRAINT "requests_attendance_kind_valid" CHECK ("requests"."attendance_kind" in (0, 1)),
	CONSTRAINT "requests_confirm_kind_valid" CHECK ("requests"."confirm_kind" in (0, 1, 2)),
	CONSTRAINT "requests_accept_reason_valid" CHECK ("requests"."accept_reason" in (0, 1)),
	CONSTRAINT "requests_option_meaning" CHECK (("requests"."option" = 1 and "requests"."type" = 0
      and "requests"."attendance_kind" is not distinct from 1
      and "requests"."confirm_kind" is not distinct from null) or ("requests"."option" = 2 and "requests"."type" = 0
      and "requests"."attendance_kind" is not distinct from 0
      and "requests"."confirm_kind" is not distinct from null) or ("requests"."option" = 3 and "requests"."type" = 1
      and "requests"."attendance_kind" is not distinct from null
      and "requests"."confirm_kind" is not distinct from 1) or ("requests"."option" = 4 and "requests"."type" = 1
      and "requests"."attendance_kind" is not distinct from null
      and "requests"."confirm_kind" is not distinct from 2) or ("requests"."option" = 5 and "requests"."type" = 1
      and "requests"."attendance_kind" is not distinct from null
      and "requests"."confirm_kind" is not distinct from 0) or ("requests"."option" = 6 and "requests"."type" = 2
      and "requests"."attendance_kind" is not distinct from null
      and "requests"."confirm_kind" is not distinct from null) or ("requests"."option" = 7 and "requests"."type" = 3
      and "requests"."attendance_kind" is not distinct from null
      and "requests"."confirm_kind" is not distinct from null)),
	CONSTRAINT "requests_accept_reason_when_accepted" CHECK (("requests"."status" = 2) = ("requests"."accept_reason" is not null)),
	CONSTRAINT "requests_decided_when_decided" CHECK ("requests"."status" <> 1 or "requests"."decided_at" is null),
	CONSTRAINT "requests_schedule_for_attendance" CHECK ("requests"."schedule_id" is not null or "requests"."type" not in (0, 1)),
	CONSTRAINT "requests_late_minutes_when_late" CHECK ("requests"."late_minutes" is null or "requests"."attendance_kind" is not distinct from 1
        or "requests"."confirm_kind" is not distinct from 2),
	CONSTRAINT "requests_late_minutes_range" CHECK ("requests"."late_minutes" between 1 and 300),
	CONSTRAINT "requests_content_length" CHECK (char_length("requests"."content") <= 500 and char_length(btrim("requests"."content")) > 0)
);
--> statement-breakpoint
CREATE TABLE "idempotency_keys" (
	"user_id" uuid NOT NULL,
	"key" text NOT NULL,
	"request_hash" text NOT NULL,
	"response_status" smallint NOT NULL,
	"response_body" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "idempotency_keys_pk" PRIMARY KEY("user_id","key"),
	CONSTRAINT "idempotency_keys_key_length" CHECK (char_length("idempotency_keys"."key") between 1 and 128),
	CONSTRAINT "idempotency_keys_status_range" CHECK ("idempotency_keys"."response_status" between 100 and 599)
);
--> statement-breakpoint
CREATE TABLE "invitations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"email" text NOT NULL,
	"role" smallint NOT NULL,
	"university_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"token_hash" text NOT NULL,
	"invited_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"accepted_at" timestamp with time zone,
	CONSTRAINT "invitations_email_lowercase" CHECK ("invitations"."email" = lower("invitations"."email")),
	CONSTRAINT "invitations_role_valid" CHECK ("invitations"."role" in (0, 1, 2, 3, 5)),
	CONSTRAINT "invitations_expiry_after_creation" CHECK ("invitations"."expires_at" > "invitations"."created_at")
);
--> statement-breakpoint
CREATE TABLE "class_students" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"seq" bigint NOT NULL,
	"deleted" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"subject_id" uuid NOT NULL,
	"university_id" uuid NOT NULL,
	"class_id" uuid NOT NULL,
	"student_id" uuid NOT NULL,
	"subject_student_id" uuid NOT NULL,
	CONSTRAINT "class_students_key_unique" UNIQUE("id","subject_id","student_id")
);
--> statement-breakpoint
CREATE TABLE "class_teachers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"seq" bigint NOT NULL,
	"deleted" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"subject_id" uuid NOT NULL,
	"university_id" uuid NOT NULL,
	"class_id" uuid NOT NULL,
	"teacher_id" uuid NOT NULL
);
--> statement-breakpoint
CREATE TABLE "subject_classes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"seq" bigint NOT NULL,
	"deleted" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"subject_id" uuid NOT NULL,
	"university_id" uuid NOT NULL,
	"class_name_id" uuid NOT NULL,
	CONSTRAINT "subject_classes_id_subject_unique" UNIQUE("id","subject_id")
);
--> statement-breakpoint
CREATE TABLE "subject_students" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"seq" bigint NOT NULL,
	"deleted" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"subject_id" uuid NOT NULL,
	"university_id" uuid NOT NULL,
	"student_id" uuid NOT NULL,
	CONSTRAINT "subject_students_key_unique" UNIQUE("id","subject_id","student_id")
);
--> statement-breakpoint
CREATE TABLE "subjects" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"seq" bigint NOT NULL,
	"deleted" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"subject_name_id" uuid NOT NULL,
	"university_id" uuid NOT NULL,
	"faculty_id" uuid,
	"year_code_id" uuid,
	"semester_id" uuid,
	"start_date" date NOT NULL,
	"end_date" date NOT NULL,
	"formula" text,
	"teacher_allow_update_final_score" boolean DEFAULT false NOT NULL,
	"publish" smallint DEFAULT 1 NOT NULL,
	CONSTRAINT "subjects_id_university_unique" UNIQUE("id","university_id"),
	CONSTRAINT "subjects_dates_ordered" CHECK ("subjects"."end_date" >= "subjects"."start_date"),
	CONSTRAINT "subjects_publish_valid" CHECK ("subjects"."publish" in (0, 1)),
	CONSTRAINT "subjects_formula_length" CHECK (char_length("subjects"."formula") <= 1000)
);
--> statement-breakpoint
CREATE TABLE "sync_counters" (
	"scope" text PRIMARY KEY NOT NULL,
	"value" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "account_locks" ADD CONSTRAINT "account_locks_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "otp_codes" ADD CONSTRAINT "otp_codes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "password_resets" ADD CONSTRAINT "password_resets_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trusted_devices" ADD CONSTRAINT "trusted_devices_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "achievements" ADD CONSTRAINT "achievements_subject_fk" FOREIGN KEY ("subject_id","university_id") REFERENCES "public"."subjects"("id","university_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "achievements" ADD CONSTRAINT "achievements_enrolment_fk" FOREIGN KEY ("subject_student_id","subject_id","student_id") REFERENCES "public"."subject_students"("id","subject_id","student_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "achievements" ADD CONSTRAINT "achievements_score_name_fk" FOREIGN KEY ("score_name_id","subject_id") REFERENCES "public"."score_names"("id","subject_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "achievements" ADD CONSTRAINT "achievements_full_score_fk" FOREIGN KEY ("score_name_id","full_score") REFERENCES "public"."score_names"("id","full_score") ON DELETE no action ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "achievements" ADD CONSTRAINT "achievements_schedule_fk" FOREIGN KEY ("schedule_id","subject_id") REFERENCES "public"."schedules"("id","subject_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "result_history" ADD CONSTRAINT "result_history_result_id_results_id_fk" FOREIGN KEY ("result_id") REFERENCES "public"."results"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "result_history" ADD CONSTRAINT "result_history_changed_by_users_id_fk" FOREIGN KEY ("changed_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "results" ADD CONSTRAINT "results_subject_fk" FOREIGN KEY ("subject_id","university_id") REFERENCES "public"."subjects"("id","university_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "results" ADD CONSTRAINT "results_enrolment_fk" FOREIGN KEY ("subject_student_id","subject_id","student_id") REFERENCES "public"."subject_students"("id","subject_id","student_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "score_history" ADD CONSTRAINT "score_history_achievement_id_achievements_id_fk" FOREIGN KEY ("achievement_id") REFERENCES "public"."achievements"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "score_history" ADD CONSTRAINT "score_history_changed_by_users_id_fk" FOREIGN KEY ("changed_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "score_names" ADD CONSTRAINT "score_names_subject_fk" FOREIGN KEY ("subject_id","university_id") REFERENCES "public"."subjects"("id","university_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "score_names" ADD CONSTRAINT "score_names_lesson_fk" FOREIGN KEY ("lesson_id","subject_id") REFERENCES "public"."lessons"("id","subject_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "score_names" ADD CONSTRAINT "score_names_parent_fk" FOREIGN KEY ("parent_id","subject_id") REFERENCES "public"."score_names"("id","subject_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attendance_history" ADD CONSTRAINT "attendance_history_attendance_id_attendances_id_fk" FOREIGN KEY ("attendance_id") REFERENCES "public"."attendances"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attendance_history" ADD CONSTRAINT "attendance_history_changed_by_users_id_fk" FOREIGN KEY ("changed_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attendances" ADD CONSTRAINT "attendances_subject_fk" FOREIGN KEY ("subject_id","university_id") REFERENCES "public"."subjects"("id","university_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attendances" ADD CONSTRAINT "attendances_class_student_fk" FOREIGN KEY ("class_student_id","subject_id","student_id") REFERENCES "public"."class_students"("id","subject_id","student_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attendances" ADD CONSTRAINT "attendances_schedule_fk" FOREIGN KEY ("schedule_id","subject_id") REFERENCES "public"."schedules"("id","subject_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_settings" ADD CONSTRAINT "notification_settings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stickies" ADD CONSTRAINT "stickies_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stickies" ADD CONSTRAINT "stickies_university_id_universities_id_fk" FOREIGN KEY ("university_id") REFERENCES "public"."universities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stickies" ADD CONSTRAINT "stickies_subject_id_subjects_id_fk" FOREIGN KEY ("subject_id") REFERENCES "public"."subjects"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stickies" ADD CONSTRAINT "stickies_year_code_id_year_codes_id_fk" FOREIGN KEY ("year_code_id") REFERENCES "public"."year_codes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stickies" ADD CONSTRAINT "stickies_lesson_id_lessons_id_fk" FOREIGN KEY ("lesson_id") REFERENCES "public"."lessons"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stickies" ADD CONSTRAINT "stickies_class_id_subject_classes_id_fk" FOREIGN KEY ("class_id") REFERENCES "public"."subject_classes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stickies" ADD CONSTRAINT "stickies_schedule_id_schedules_id_fk" FOREIGN KEY ("schedule_id") REFERENCES "public"."schedules"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stickies" ADD CONSTRAINT "stickies_highlight_id_highlights_id_fk" FOREIGN KEY ("highlight_id") REFERENCES "public"."highlights"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stickies" ADD CONSTRAINT "stickies_plan_id_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."plans"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stickies" ADD CONSTRAINT "stickies_memo_id_memos_id_fk" FOREIGN KEY ("memo_id") REFERENCES "public"."memos"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stickies" ADD CONSTRAINT "stickies_request_id_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."requests"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stickies" ADD CONSTRAINT "stickies_student_id_students_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_rankings" ADD CONSTRAINT "event_rankings_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_rankings" ADD CONSTRAINT "event_rankings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_universities" ADD CONSTRAINT "event_universities_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_universities" ADD CONSTRAINT "event_universities_university_id_universities_id_fk" FOREIGN KEY ("university_id") REFERENCES "public"."universities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "highlights" ADD CONSTRAINT "highlights_subject_fk" FOREIGN KEY ("subject_id","university_id") REFERENCES "public"."subjects"("id","university_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lessons" ADD CONSTRAINT "lessons_exam_name_id_exam_names_id_fk" FOREIGN KEY ("exam_name_id") REFERENCES "public"."exam_names"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lessons" ADD CONSTRAINT "lessons_subject_fk" FOREIGN KEY ("subject_id","university_id") REFERENCES "public"."subjects"("id","university_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "schedule_teachers" ADD CONSTRAINT "schedule_teachers_teacher_id_users_id_fk" FOREIGN KEY ("teacher_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "schedule_teachers" ADD CONSTRAINT "schedule_teachers_subject_fk" FOREIGN KEY ("subject_id","university_id") REFERENCES "public"."subjects"("id","university_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "schedule_teachers" ADD CONSTRAINT "schedule_teachers_schedule_fk" FOREIGN KEY ("schedule_id","subject_id") REFERENCES "public"."schedules"("id","subject_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "schedules" ADD CONSTRAINT "schedules_room_id_rooms_id_fk" FOREIGN KEY ("room_id") REFERENCES "public"."rooms"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "schedules" ADD CONSTRAINT "schedules_subject_fk" FOREIGN KEY ("subject_id","university_id") REFERENCES "public"."subjects"("id","university_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "schedules" ADD CONSTRAINT "schedules_lesson_fk" FOREIGN KEY ("lesson_id","subject_id") REFERENCES "public"."lessons"("id","subject_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "schedules" ADD CONSTRAINT "schedules_class_fk" FOREIGN KEY ("class_id","subject_id") REFERENCES "public"."subject_classes"("id","subject_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "class_names" ADD CONSTRAINT "class_names_university_id_universities_id_fk" FOREIGN KEY ("university_id") REFERENCES "public"."universities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exam_names" ADD CONSTRAINT "exam_names_subject_name_id_subject_names_id_fk" FOREIGN KEY ("subject_name_id") REFERENCES "public"."subject_names"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "faculties" ADD CONSTRAINT "faculties_university_id_universities_id_fk" FOREIGN KEY ("university_id") REFERENCES "public"."universities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rooms" ADD CONSTRAINT "rooms_university_id_universities_id_fk" FOREIGN KEY ("university_id") REFERENCES "public"."universities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "year_codes" ADD CONSTRAINT "year_codes_university_id_universities_id_fk" FOREIGN KEY ("university_id") REFERENCES "public"."universities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "year_codes" ADD CONSTRAINT "year_codes_faculty_id_faculties_id_fk" FOREIGN KEY ("faculty_id") REFERENCES "public"."faculties"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "memo_schedules" ADD CONSTRAINT "memo_schedules_subject_fk" FOREIGN KEY ("subject_id","university_id") REFERENCES "public"."subjects"("id","university_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "memo_schedules" ADD CONSTRAINT "memo_schedules_memo_fk" FOREIGN KEY ("memo_id","subject_id") REFERENCES "public"."memos"("id","subject_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "memo_schedules" ADD CONSTRAINT "memo_schedules_schedule_fk" FOREIGN KEY ("schedule_id","subject_id") REFERENCES "public"."schedules"("id","subject_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "memos" ADD CONSTRAINT "memos_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "memos" ADD CONSTRAINT "memos_subject_fk" FOREIGN KEY ("subject_id","university_id") REFERENCES "public"."subjects"("id","university_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notes" ADD CONSTRAINT "notes_student_id_students_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notes" ADD CONSTRAINT "notes_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notes" ADD CONSTRAINT "notes_subject_fk" FOREIGN KEY ("subject_id","university_id") REFERENCES "public"."subjects"("id","university_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notes" ADD CONSTRAINT "notes_lesson_fk" FOREIGN KEY ("lesson_id","subject_id") REFERENCES "public"."lessons"("id","subject_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plan_notes" ADD CONSTRAINT "plan_notes_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plan_notes" ADD CONSTRAINT "plan_notes_subject_fk" FOREIGN KEY ("subject_id","university_id") REFERENCES "public"."subjects"("id","university_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plan_notes" ADD CONSTRAINT "plan_notes_plan_fk" FOREIGN KEY ("plan_id","schedule_id") REFERENCES "public"."plans"("id","schedule_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plan_notes" ADD CONSTRAINT "plan_notes_schedule_fk" FOREIGN KEY ("schedule_id","lesson_id") REFERENCES "public"."schedules"("id","lesson_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plans" ADD CONSTRAINT "plans_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plans" ADD CONSTRAINT "plans_subject_fk" FOREIGN KEY ("subject_id","university_id") REFERENCES "public"."subjects"("id","university_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plans" ADD CONSTRAINT "plans_schedule_fk" FOREIGN KEY ("schedule_id","subject_id") REFERENCES "public"."schedules"("id","subject_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plans" ADD CONSTRAINT "plans_schedule_lesson_fk" FOREIGN KEY ("schedule_id","lesson_id") REFERENCES "public"."schedules"("id","lesson_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "schedule_filters" ADD CONSTRAINT "schedule_filters_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "students" ADD CONSTRAINT "students_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "students" ADD CONSTRAINT "students_university_id_universities_id_fk" FOREIGN KEY ("university_id") REFERENCES "public"."universities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "students" ADD CONSTRAINT "students_faculty_id_faculties_id_fk" FOREIGN KEY ("faculty_id") REFERENCES "public"."faculties"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "students" ADD CONSTRAINT "students_year_code_id_year_codes_id_fk" FOREIGN KEY ("year_code_id") REFERENCES "public"."year_codes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_universities" ADD CONSTRAINT "user_universities_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_universities" ADD CONSTRAINT "user_universities_university_id_universities_id_fk" FOREIGN KEY ("university_id") REFERENCES "public"."universities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "requests" ADD CONSTRAINT "requests_student_id_students_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "requests" ADD CONSTRAINT "requests_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "requests" ADD CONSTRAINT "requests_subject_fk" FOREIGN KEY ("subject_id","university_id") REFERENCES "public"."subjects"("id","university_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "requests" ADD CONSTRAINT "requests_class_fk" FOREIGN KEY ("class_id","subject_id") REFERENCES "public"."subject_classes"("id","subject_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "requests" ADD CONSTRAINT "requests_schedule_fk" FOREIGN KEY ("schedule_id","subject_id") REFERENCES "public"."schedules"("id","subject_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "requests" ADD CONSTRAINT "requests_score_name_fk" FOREIGN KEY ("score_name_id","subject_id") REFERENCES "public"."score_names"("id","subject_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "idempotency_keys" ADD CONSTRAINT "idempotency_keys_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invitations" ADD CONSTRAINT "invitations_invited_by_users_id_fk" FOREIGN KEY ("invited_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "class_students" ADD CONSTRAINT "class_students_subject_fk" FOREIGN KEY ("subject_id","university_id") REFERENCES "public"."subjects"("id","university_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "class_students" ADD CONSTRAINT "class_students_class_fk" FOREIGN KEY ("class_id","subject_id") REFERENCES "public"."subject_classes"("id","subject_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "class_students" ADD CONSTRAINT "class_students_enrolment_fk" FOREIGN KEY ("subject_student_id","subject_id","student_id") REFERENCES "public"."subject_students"("id","subject_id","student_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "class_teachers" ADD CONSTRAINT "class_teachers_teacher_id_users_id_fk" FOREIGN KEY ("teacher_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "class_teachers" ADD CONSTRAINT "class_teachers_subject_fk" FOREIGN KEY ("subject_id","university_id") REFERENCES "public"."subjects"("id","university_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "class_teachers" ADD CONSTRAINT "class_teachers_class_fk" FOREIGN KEY ("class_id","subject_id") REFERENCES "public"."subject_classes"("id","subject_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subject_classes" ADD CONSTRAINT "subject_classes_class_name_id_class_names_id_fk" FOREIGN KEY ("class_name_id") REFERENCES "public"."class_names"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subject_classes" ADD CONSTRAINT "subject_classes_subject_fk" FOREIGN KEY ("subject_id","university_id") REFERENCES "public"."subjects"("id","university_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subject_students" ADD CONSTRAINT "subject_students_student_id_students_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subject_students" ADD CONSTRAINT "subject_students_subject_fk" FOREIGN KEY ("subject_id","university_id") REFERENCES "public"."subjects"("id","university_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subjects" ADD CONSTRAINT "subjects_subject_name_id_subject_names_id_fk" FOREIGN KEY ("subject_name_id") REFERENCES "public"."subject_names"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subjects" ADD CONSTRAINT "subjects_university_id_universities_id_fk" FOREIGN KEY ("university_id") REFERENCES "public"."universities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subjects" ADD CONSTRAINT "subjects_faculty_id_faculties_id_fk" FOREIGN KEY ("faculty_id") REFERENCES "public"."faculties"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subjects" ADD CONSTRAINT "subjects_year_code_id_year_codes_id_fk" FOREIGN KEY ("year_code_id") REFERENCES "public"."year_codes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subjects" ADD CONSTRAINT "subjects_semester_id_semesters_id_fk" FOREIGN KEY ("semester_id") REFERENCES "public"."semesters"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "auth_attempts_kind_subject_idx" ON "auth_attempts" USING btree ("kind","subject","created_at");--> statement-breakpoint
CREATE INDEX "mail_outbox_unsent_idx" ON "mail_outbox" USING btree ("sent_at","created_at");--> statement-breakpoint
CREATE INDEX "otp_codes_session_id_idx" ON "otp_codes" USING btree ("session_id");--> statement-breakpoint
CREATE INDEX "otp_codes_user_created_idx" ON "otp_codes" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "password_resets_user_id_idx" ON "password_resets" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "trusted_devices_user_id_idx" ON "trusted_devices" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "achievements_one_per_student_score" ON "achievements" USING btree ("subject_student_id","score_name_id");--> statement-breakpoint
CREATE INDEX "achievements_subject_id_idx" ON "achievements" USING btree ("subject_id");--> statement-breakpoint
CREATE INDEX "achievements_student_id_idx" ON "achievements" USING btree ("student_id");--> statement-breakpoint
CREATE INDEX "achievements_score_name_id_idx" ON "achievements" USING btree ("score_name_id");--> statement-breakpoint
CREATE INDEX "achievements_seq_id_idx" ON "achievements" USING btree ("seq","id");--> statement-breakpoint
CREATE INDEX "result_history_result_id_idx" ON "result_history" USING btree ("result_id","changed_at");--> statement-breakpoint
CREATE INDEX "result_history_subject_id_idx" ON "result_history" USING btree ("subject_id");--> statement-breakpoint
CREATE UNIQUE INDEX "results_one_per_enrolment" ON "results" USING btree ("subject_student_id");--> statement-breakpoint
CREATE INDEX "results_subject_id_idx" ON "results" USING btree ("subject_id");--> statement-breakpoint
CREATE INDEX "results_student_id_idx" ON "results" USING btree ("student_id");--> statement-breakpoint
CREATE INDEX "results_seq_id_idx" ON "results" USING btree ("seq","id");--> statement-breakpoint
CREATE INDEX "score_history_achievement_id_idx" ON "score_history" USING btree ("achievement_id","changed_at");--> statement-breakpoint
CREATE INDEX "score_history_subject_id_idx" ON "score_history" USING btree ("subject_id");--> statement-breakpoint
CREATE UNIQUE INDEX "score_names_name_unique" ON "score_names" USING btree ("subject_id",coalesce("parent_id", '00000000-0000-0000-0000-000000000000'::uuid),"name") WHERE not "score_names"."deleted";--> statement-breakpoint
CREATE INDEX "score_names_subject_id_idx" ON "score_names" USING btree ("subject_id");--> statement-breakpoint
CREATE INDEX "score_names_seq_id_idx" ON "score_names" USING btree ("seq","id");--> statement-breakpoint
CREATE INDEX "attendance_history_attendance_id_idx" ON "attendance_history" USING btree ("attendance_id","changed_at");--> statement-breakpoint
CREATE INDEX "attendance_history_subject_id_idx" ON "attendance_history" USING btree ("subject_id");--> statement-breakpoint
CREATE UNIQUE INDEX "attendances_one_per_student_schedule" ON "attendances" USING btree ("class_student_id","schedule_id");--> statement-breakpoint
CREATE INDEX "attendances_subject_id_idx" ON "attendances" USING btree ("subject_id");--> statement-breakpoint
CREATE INDEX "attendances_schedule_id_idx" ON "attendances" USING btree ("schedule_id");--> statement-breakpoint
CREATE INDEX "attendances_student_id_idx" ON "attendances" USING btree ("student_id");--> statement-breakpoint
CREATE INDEX "attendances_seq_id_idx" ON "attendances" USING btree ("seq","id");--> statement-breakpoint
CREATE INDEX "sessions_user_id_idx" ON "sessions" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "notifications_user_id_idx" ON "notifications" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "notifications_unread_idx" ON "notifications" USING btree ("user_id") WHERE "notifications"."read_at" is null;--> statement-breakpoint
CREATE INDEX "notifications_seq_id_idx" ON "notifications" USING btree ("seq","id");--> statement-breakpoint
CREATE INDEX "stickies_user_id_idx" ON "stickies" USING btree ("user_id","status");--> statement-breakpoint
CREATE INDEX "stickies_seq_id_idx" ON "stickies" USING btree ("seq","id");--> statement-breakpoint
CREATE UNIQUE INDEX "event_rankings_pair_unique" ON "event_rankings" USING btree ("event_id","user_id");--> statement-breakpoint
CREATE INDEX "event_rankings_event_rank_idx" ON "event_rankings" USING btree ("event_id","rank");--> statement-breakpoint
CREATE INDEX "events_start_time_idx" ON "events" USING btree ("start_time");--> statement-breakpoint
CREATE UNIQUE INDEX "highlights_condition_unique" ON "highlights" USING btree ("subject_id","type","condition_type","compare_type","value") WHERE not "highlights"."deleted";--> statement-breakpoint
CREATE INDEX "highlights_subject_id_idx" ON "highlights" USING btree ("subject_id","priority");--> statement-breakpoint
CREATE INDEX "highlights_seq_id_idx" ON "highlights" USING btree ("seq","id");--> statement-breakpoint
CREATE INDEX "lessons_subject_id_idx" ON "lessons" USING btree ("subject_id");--> statement-breakpoint
CREATE INDEX "lessons_seq_id_idx" ON "lessons" USING btree ("seq","id");--> statement-breakpoint
CREATE UNIQUE INDEX "schedule_teachers_pair_unique" ON "schedule_teachers" USING btree ("schedule_id","teacher_id");--> statement-breakpoint
CREATE INDEX "schedule_teachers_teacher_id_idx" ON "schedule_teachers" USING btree ("teacher_id");--> statement-breakpoint
CREATE INDEX "schedule_teachers_seq_id_idx" ON "schedule_teachers" USING btree ("seq","id");--> statement-breakpoint
CREATE INDEX "schedules_subject_id_idx" ON "schedules" USING btree ("subject_id");--> statement-breakpoint
CREATE INDEX "schedules_lesson_id_idx" ON "schedules" USING btree ("lesson_id");--> statement-breakpoint
CREATE INDEX "schedules_class_id_day_idx" ON "schedules" USING btree ("class_id","day");--> statement-breakpoint
CREATE INDEX "schedules_day_idx" ON "schedules" USING btree ("day");--> statement-breakpoint
CREATE INDEX "schedules_seq_id_idx" ON "schedules" USING btree ("seq","id");--> statement-breakpoint
CREATE INDEX "class_names_seq_id_idx" ON "class_names" USING btree ("seq","id");--> statement-breakpoint
CREATE INDEX "exam_names_seq_id_idx" ON "exam_names" USING btree ("seq","id");--> statement-breakpoint
CREATE INDEX "faculties_seq_id_idx" ON "faculties" USING btree ("seq","id");--> statement-breakpoint
CREATE INDEX "rooms_seq_id_idx" ON "rooms" USING btree ("seq","id");--> statement-breakpoint
CREATE INDEX "semesters_seq_id_idx" ON "semesters" USING btree ("seq","id");--> statement-breakpoint
CREATE INDEX "subject_names_seq_id_idx" ON "subject_names" USING btree ("seq","id");--> statement-breakpoint
CREATE INDEX "universities_seq_id_idx" ON "universities" USING btree ("seq","id");--> statement-breakpoint
CREATE INDEX "year_codes_seq_id_idx" ON "year_codes" USING btree ("seq","id");--> statement-breakpoint
CREATE UNIQUE INDEX "memo_schedules_pair_unique" ON "memo_schedules" USING btree ("memo_id","schedule_id");--> statement-breakpoint
CREATE INDEX "memo_schedules_schedule_id_idx" ON "memo_schedules" USING btree ("schedule_id");--> statement-breakpoint
CREATE INDEX "memo_schedules_seq_id_idx" ON "memo_schedules" USING btree ("seq","id");--> statement-breakpoint
CREATE INDEX "memos_subject_id_idx" ON "memos" USING btree ("subject_id");--> statement-breakpoint
CREATE INDEX "memos_seq_id_idx" ON "memos" USING btree ("seq","id");--> statement-breakpoint
CREATE INDEX "notes_subject_id_idx" ON "notes" USING btree ("subject_id");--> statement-breakpoint
CREATE INDEX "notes_seq_id_idx" ON "notes" USING btree ("seq","id");--> statement-breakpoint
CREATE INDEX "plan_notes_plan_id_idx" ON "plan_notes" USING btree ("plan_id");--> statement-breakpoint
CREATE INDEX "plan_notes_seq_id_idx" ON "plan_notes" USING btree ("seq","id");--> statement-breakpoint
CREATE UNIQUE INDEX "plans_one_per_schedule" ON "plans" USING btree ("schedule_id") WHERE not "plans"."deleted";--> statement-breakpoint
CREATE INDEX "plans_subject_id_idx" ON "plans" USING btree ("subject_id");--> statement-breakpoint
CREATE INDEX "plans_seq_id_idx" ON "plans" USING btree ("seq","id");--> statement-breakpoint
CREATE UNIQUE INDEX "students_user_id_unique" ON "students" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "students_identity_unique" ON "students" USING btree ("identity");--> statement-breakpoint
CREATE INDEX "students_university_id_idx" ON "students" USING btree ("university_id");--> statement-breakpoint
CREATE INDEX "students_seq_id_idx" ON "students" USING btree ("seq","id");--> statement-breakpoint
CREATE UNIQUE INDEX "user_universities_pair_unique" ON "user_universities" USING btree ("user_id","university_id");--> statement-breakpoint
CREATE INDEX "user_universities_seq_id_idx" ON "user_universities" USING btree ("seq","id");--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_unique" ON "users" USING btree ("email");--> statement-breakpoint
CREATE INDEX "users_seq_id_idx" ON "users" USING btree ("seq","id");--> statement-breakpoint
CREATE INDEX "requests_student_id_idx" ON "requests" USING btree ("student_id");--> statement-breakpoint
CREATE INDEX "requests_subject_id_idx" ON "requests" USING btree ("subject_id","status");--> statement-breakpoint
CREATE INDEX "requests_seq_id_idx" ON "requests" USING btree ("seq","id");--> statement-breakpoint
CREATE INDEX "idempotency_keys_expires_at_idx" ON "idempotency_keys" USING btree ("expires_at");--> statement-breakpoint
CREATE UNIQUE INDEX "invitations_token_hash_unique" ON "invitations" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "invitations_email_idx" ON "invitations" USING btree ("email");--> statement-breakpoint
CREATE UNIQUE INDEX "class_students_one_class_per_subject" ON "class_students" USING btree ("subject_id","student_id") WHERE not "class_students"."deleted";--> statement-breakpoint
CREATE INDEX "class_students_class_id_idx" ON "class_students" USING btree ("class_id");--> statement-breakpoint
CREATE INDEX "class_students_student_id_idx" ON "class_students" USING btree ("student_id");--> statement-breakpoint
CREATE INDEX "class_students_seq_id_idx" ON "class_students" USING btree ("seq","id");--> statement-breakpoint
CREATE UNIQUE INDEX "class_teachers_pair_unique" ON "class_teachers" USING btree ("class_id","teacher_id");--> statement-breakpoint
CREATE INDEX "class_teachers_teacher_id_idx" ON "class_teachers" USING btree ("teacher_id");--> statement-breakpoint
CREATE INDEX "class_teachers_seq_id_idx" ON "class_teachers" USING btree ("seq","id");--> statement-breakpoint
CREATE UNIQUE INDEX "subject_classes_name_unique" ON "subject_classes" USING btree ("subject_id","class_name_id") WHERE not "subject_classes"."deleted";--> statement-breakpoint
CREATE INDEX "subject_classes_subject_id_idx" ON "subject_classes" USING btree ("subject_id");--> statement-breakpoint
CREATE INDEX "subject_classes_seq_id_idx" ON "subject_classes" USING btree ("seq","id");--> statement-breakpoint
CREATE UNIQUE INDEX "subject_students_pair_unique" ON "subject_students" USING btree ("subject_id","student_id");--> statement-breakpoint
CREATE INDEX "subject_students_student_id_idx" ON "subject_students" USING btree ("student_id");--> statement-breakpoint
CREATE INDEX "subject_students_seq_id_idx" ON "subject_students" USING btree ("seq","id");--> statement-breakpoint
CREATE INDEX "subjects_university_id_idx" ON "subjects" USING btree ("university_id");--> statement-breakpoint
CREATE INDEX "subjects_seq_id_idx" ON "subjects" USING btree ("seq","id");