CREATE TABLE "guardian_links" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"guardian_id" uuid NOT NULL,
	"student_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ended_at" timestamp with time zone,
	"created_by" uuid
);
--> statement-breakpoint
ALTER TABLE "requests" ADD COLUMN "filed_by" uuid;--> statement-breakpoint
ALTER TABLE "guardian_links" ADD CONSTRAINT "guardian_links_guardian_id_users_id_fk" FOREIGN KEY ("guardian_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "guardian_links" ADD CONSTRAINT "guardian_links_student_id_students_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "guardian_links" ADD CONSTRAINT "guardian_links_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "guardian_links_live_pair_unique" ON "guardian_links" USING btree ("guardian_id","student_id") WHERE "guardian_links"."ended_at" is null;--> statement-breakpoint
CREATE INDEX "guardian_links_guardian_id_idx" ON "guardian_links" USING btree ("guardian_id");--> statement-breakpoint
CREATE INDEX "guardian_links_student_id_idx" ON "guardian_links" USING btree ("student_id");--> statement-breakpoint
ALTER TABLE "requests" ADD CONSTRAINT "requests_filed_by_users_id_fk" FOREIGN KEY ("filed_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" DROP CONSTRAINT "users_role_valid";--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_role_valid" CHECK ("users"."role" in (0, 1, 2, 3, 5, 6));--> statement-breakpoint
ALTER TABLE "invitations" DROP CONSTRAINT "invitations_role_valid";--> statement-breakpoint
ALTER TABLE "invitations" ADD CONSTRAINT "invitations_role_valid" CHECK ("invitations"."role" in (0, 1, 2, 3, 5, 6));
