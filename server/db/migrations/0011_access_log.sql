CREATE TABLE "access_log" (
	"id" bigint PRIMARY KEY NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"actor_id" uuid,
	"actor_role" smallint,
	"session_id" text,
	"kind" text NOT NULL,
	"what" jsonb NOT NULL,
	"student_ids" uuid[] NOT NULL,
	"prev_hash" text NOT NULL,
	"hash" text NOT NULL,
	CONSTRAINT "access_log_hash_shape" CHECK ("access_log"."hash" ~ '^[0-9a-f]{64}$')
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "erased_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "access_log_student_ids_idx" ON "access_log" USING gin ("student_ids");--> statement-breakpoint
CREATE INDEX "access_log_actor_idx" ON "access_log" USING btree ("actor_id","id");--> statement-breakpoint
-- The access log is append-only (docs/access-log.md): no statement of any caller changes or removes an entry.
CREATE FUNCTION "access_log_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'access_log is append-only: % refused', TG_OP USING ERRCODE = 'insufficient_privilege';
END;
$$;--> statement-breakpoint
CREATE TRIGGER "access_log_no_update_or_delete" BEFORE UPDATE OR DELETE ON "access_log"
  FOR EACH ROW EXECUTE FUNCTION "access_log_append_only"();--> statement-breakpoint
CREATE TRIGGER "access_log_no_truncate" BEFORE TRUNCATE ON "access_log"
  FOR EACH STATEMENT EXECUTE FUNCTION "access_log_append_only"();
