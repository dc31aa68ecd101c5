CREATE INDEX "score_names_lesson_id_idx" ON "score_names" USING btree ("lesson_id");--> statement-breakpoint
CREATE INDEX "score_names_parent_id_idx" ON "score_names" USING btree ("parent_id");