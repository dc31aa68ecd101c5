CREATE TABLE "provider_links" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"issuer" text NOT NULL,
	"subject" text NOT NULL,
	"email" text NOT NULL,
	"first_sign_in_at" timestamp with time zone NOT NULL,
	"last_sign_in_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "provider_sign_in_attempts" (
	"id" text PRIMARY KEY NOT NULL,
	"state" text NOT NULL,
	"nonce" text NOT NULL,
	"code_verifier" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "provider_links" ADD CONSTRAINT "provider_links_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "provider_links_subject_unique" ON "provider_links" USING btree ("issuer","subject");--> statement-breakpoint
CREATE INDEX "provider_sign_in_attempts_expires_idx" ON "provider_sign_in_attempts" USING btree ("expires_at");