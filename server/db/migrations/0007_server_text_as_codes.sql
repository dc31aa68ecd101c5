-- Server-made text becomes codes (issue 25): the app words cards and notifications in the reader's language.
-- Each changed row takes this transaction's change sequence, so every device pulls the change.
--
-- Cards: the sentences the demo school stored as card text are dropped; the app words a card without text of
-- its own by its type. Text users wrote (memos, notes, requests, messages to students) stays as it is.
UPDATE "stickies"
SET "content" = NULL, "seq" = pg_current_xact_id()::text::bigint, "updated_at" = now()
WHERE "content" IN (
  '新しい科目が登録されました。',
  '授業計画が未入力の授業があります。',
  '試験計画が未入力の試験があります。',
  '出席が未入力の授業があります。',
  '成績が未入力の試験があります。',
  '授業メモが追加されました。',
  '未対応のリクエストがあります。',
  '出席状況を確認してください。',
  '成績を確認してください。',
  '出席の基準に該当する学生がいます。',
  '成績の基準に該当する学生がいます。',
  'リクエストの結果が更新されました。'
);--> statement-breakpoint
-- Notifications: a sentence with a code of its own takes the code; any other sentence (the demo school's
-- "attendance was updated" and the like, which the server never sends) is withdrawn from its reader.
UPDATE "notifications"
SET
  "message" = CASE "message"
    WHEN '新しいリクエストが届きました。' THEN 'notification_request_created'
    WHEN 'パスワードが変更されました。' THEN 'notification_account_changed'
    ELSE 'notification_new_sticky'
  END,
  "deleted" = "deleted" OR "message" NOT IN ('新しいリクエストが届きました。', 'パスワードが変更されました。'),
  "seq" = pg_current_xact_id()::text::bigint,
  "updated_at" = now()
WHERE "message" NOT IN (
  'notification_request_created',
  'notification_request_approved',
  'notification_request_rejected',
  'notification_new_sticky',
  'notification_account_changed'
);
