-- Notifications say what they are about (issue 42): a request's student, subject, class, option and the day of
-- its sitting, which the app words in the reader's language.
ALTER TABLE "notifications" ADD COLUMN "params" jsonb;--> statement-breakpoint
-- Request notifications already stored learn their request's names; each changed row takes this transaction's
-- change sequence, so every device pulls it again.
UPDATE "notifications" n
SET
  "params" = jsonb_build_object(
    'studentName', su.name,
    'subjectName', sn.name,
    'className', cn.name,
    'requestOption', r.option::int,
    'day', sch.day::text
  ),
  "seq" = pg_current_xact_id()::text::bigint,
  "updated_at" = now()
FROM "requests" r
JOIN "students" s ON s.id = r.student_id
JOIN "users" su ON su.id = s.user_id
JOIN "subjects" sub ON sub.id = r.subject_id
JOIN "subject_names" sn ON sn.id = sub.subject_name_id
LEFT JOIN "subject_classes" c ON c.id = r.class_id
LEFT JOIN "class_names" cn ON cn.id = c.class_name_id
LEFT JOIN "schedules" sch ON sch.id = r.schedule_id
WHERE n.message IN ('notification_request_created', 'notification_request_approved', 'notification_request_rejected')
  AND n.url = '/requests/' || r.id::text;
