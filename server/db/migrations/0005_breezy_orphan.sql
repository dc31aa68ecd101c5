ALTER TABLE "results" DROP CONSTRAINT "results_gpa_range";--> statement-breakpoint
ALTER TABLE "results" DROP COLUMN "gpa";