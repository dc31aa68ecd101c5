DROP INDEX "students_identity_unique";--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "deactivated_at" timestamp with time zone;--> statement-breakpoint
CREATE UNIQUE INDEX "students_university_identity_unique" ON "students" USING btree ("university_id","identity");