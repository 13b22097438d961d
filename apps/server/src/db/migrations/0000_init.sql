CREATE TABLE "admissions" (
	"id" serial PRIMARY KEY NOT NULL,
	"organisation_id" integer NOT NULL,
	"ticket_id" uuid,
	"pass_id" integer,
	"day" date NOT NULL,
	"staff_user_id" integer,
	"scanned_at" timestamp with time zone DEFAULT now() NOT NULL,
	"offline_at" timestamp with time zone,
	"duplicate_of" integer,
	"undone_at" timestamp with time zone,
	"undone_by" integer
);
--> statement-breakpoint
CREATE TABLE "audiences" (
	"id" serial PRIMARY KEY NOT NULL,
	"product_id" integer,
	"subscription_id" integer,
	"key" text,
	"name" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"description" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"price_cents" integer DEFAULT 0 NOT NULL,
	"group" text,
	"min_quantity" integer DEFAULT 0 NOT NULL,
	"dependant" boolean DEFAULT false NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"vat_rate" text
);
--> statement-breakpoint
CREATE TABLE "audit_log" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"organisation_id" integer NOT NULL,
	"staff_user_id" integer,
	"actor" text NOT NULL,
	"action" text NOT NULL,
	"order_id" integer,
	"subject" text,
	"before" jsonb,
	"after" jsonb,
	"amount_cents" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "capacity_holds" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"order_id" integer,
	"waitlist_entry_id" integer,
	"plot_id" integer NOT NULL,
	"quantity" integer NOT NULL,
	"status" text DEFAULT 'PENDING' NOT NULL,
	"expires_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "capacity_holds_one_holder" CHECK (("capacity_holds"."order_id" IS NULL) <> ("capacity_holds"."waitlist_entry_id" IS NULL))
);
--> statement-breakpoint
CREATE TABLE "categories" (
	"id" serial PRIMARY KEY NOT NULL,
	"organisation_id" integer NOT NULL,
	"parent_id" integer,
	"slug" text NOT NULL,
	"title" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"description" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"image" text,
	"state" text DEFAULT 'PUBLISHED' NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "client_group_members" (
	"client_id" integer NOT NULL,
	"group_id" integer NOT NULL,
	CONSTRAINT "client_group_members_client_id_group_id_pk" PRIMARY KEY("client_id","group_id")
);
--> statement-breakpoint
CREATE TABLE "client_groups" (
	"id" serial PRIMARY KEY NOT NULL,
	"organisation_id" integer NOT NULL,
	"key" text,
	"name" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"allow_invoice" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "client_login_links" (
	"id" serial PRIMARY KEY NOT NULL,
	"client_id" integer NOT NULL,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "client_login_links_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "client_sessions" (
	"id" serial PRIMARY KEY NOT NULL,
	"client_id" integer NOT NULL,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "client_sessions_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "client_subscriptions" (
	"id" serial PRIMARY KEY NOT NULL,
	"client_id" integer NOT NULL,
	"subscription_id" integer NOT NULL,
	"order_id" integer,
	"token" text NOT NULL,
	"renewal_hash" text NOT NULL,
	"available_redemptions" integer DEFAULT -1 NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"withdrawn_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "client_subscriptions_token_unique" UNIQUE("token"),
	CONSTRAINT "client_subscriptions_renewal_hash_unique" UNIQUE("renewal_hash")
);
--> statement-breakpoint
CREATE TABLE "clients" (
	"id" serial PRIMARY KEY NOT NULL,
	"organisation_id" integer NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"email" text NOT NULL,
	"company" text,
	"address" text,
	"city" text,
	"vat_id" text,
	"password_hash" text,
	"fields" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"allow_invoice" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "coupons" (
	"id" serial PRIMARY KEY NOT NULL,
	"organisation_id" integer NOT NULL,
	"code" text NOT NULL,
	"kind" text NOT NULL,
	"value" integer NOT NULL,
	"max_ticket_amount" integer,
	"product_ids" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"subscription_ids" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"client_id" integer,
	"valid_from" timestamp with time zone,
	"valid_until" timestamp with time zone,
	"max_uses" integer,
	"uses" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "credit_notes" (
	"id" serial PRIMARY KEY NOT NULL,
	"organisation_id" integer NOT NULL,
	"invoice_id" integer NOT NULL,
	"order_id" integer NOT NULL,
	"refund_id" integer,
	"number" text NOT NULL,
	"year" integer NOT NULL,
	"sequence" integer NOT NULL,
	"issued_at" timestamp with time zone NOT NULL,
	"issue_date" date NOT NULL,
	"lines" jsonb NOT NULL,
	"totals" jsonb NOT NULL,
	"gross_cents" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "document_counters" (
	"organisation_id" integer NOT NULL,
	"kind" text NOT NULL,
	"year" integer NOT NULL,
	"last" integer NOT NULL,
	CONSTRAINT "document_counters_organisation_id_kind_year_pk" PRIMARY KEY("organisation_id","kind","year")
);
--> statement-breakpoint
CREATE TABLE "faq_questions" (
	"id" serial PRIMARY KEY NOT NULL,
	"organisation_id" integer NOT NULL,
	"question" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"answer" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "fields" (
	"id" serial PRIMARY KEY NOT NULL,
	"organisation_id" integer NOT NULL,
	"type" text NOT NULL,
	"key" text,
	"name" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"required" boolean DEFAULT false NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"options" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"restrict_products" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"restrict_subscriptions" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"restrict_vouchers" integer[] DEFAULT '{}'::integer[] NOT NULL
);
--> statement-breakpoint
CREATE TABLE "invoices" (
	"id" serial PRIMARY KEY NOT NULL,
	"organisation_id" integer NOT NULL,
	"order_id" integer NOT NULL,
	"number" text NOT NULL,
	"year" integer NOT NULL,
	"sequence" integer NOT NULL,
	"issued_at" timestamp with time zone NOT NULL,
	"issue_date" date NOT NULL,
	"supply_date" date NOT NULL,
	"due_date" date,
	"language" text NOT NULL,
	"currency" text NOT NULL,
	"seller" jsonb NOT NULL,
	"buyer" jsonb NOT NULL,
	"order_reference" text NOT NULL,
	"lines" jsonb NOT NULL,
	"totals" jsonb NOT NULL,
	"gross_cents" integer NOT NULL,
	"voucher_payment_cents" integer DEFAULT 0 NOT NULL,
	"rebook_credit_cents" integer DEFAULT 0 NOT NULL,
	"payable_cents" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "issued_vouchers" (
	"id" serial PRIMARY KEY NOT NULL,
	"organisation_id" integer NOT NULL,
	"order_id" integer,
	"voucher_value_id" integer,
	"code" text NOT NULL,
	"initial_cents" integer NOT NULL,
	"balance_cents" integer NOT NULL,
	"expires_at" timestamp with time zone,
	"withdrawn_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "mail_jobs" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"organisation_id" integer,
	"kind" text NOT NULL,
	"payload" jsonb NOT NULL,
	"dedupe_key" text,
	"status" text DEFAULT 'PENDING' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_error" text,
	"message_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	CONSTRAINT "mail_jobs_dedupe_key_unique" UNIQUE("dedupe_key")
);
--> statement-breakpoint
CREATE TABLE "order_lines" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"item_index" integer DEFAULT 0 NOT NULL,
	"kind" text NOT NULL,
	"product_id" integer,
	"plot_id" integer,
	"audience_id" integer,
	"upsell_id" integer,
	"subscription_id" integer,
	"voucher_value_id" integer,
	"issued_voucher_id" integer,
	"quantity" integer NOT NULL,
	"unit_price_cents" integer NOT NULL,
	"total_cents" integer NOT NULL,
	"cancelled_quantity" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "order_redemptions" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"client_subscription_id" integer NOT NULL,
	"count" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "orders" (
	"id" serial PRIMARY KEY NOT NULL,
	"organisation_id" integer NOT NULL,
	"hash" text NOT NULL,
	"reference" text NOT NULL,
	"kind" text NOT NULL,
	"status" text DEFAULT 'PENDING' NOT NULL,
	"client_id" integer,
	"customer" jsonb NOT NULL,
	"language" text DEFAULT 'en' NOT NULL,
	"subtotal_cents" integer DEFAULT 0 NOT NULL,
	"discount_cents" integer DEFAULT 0 NOT NULL,
	"additions_cents" integer DEFAULT 0 NOT NULL,
	"total_cents" integer DEFAULT 0 NOT NULL,
	"on_invoice" boolean DEFAULT false NOT NULL,
	"coupon_codes" text[] DEFAULT '{}'::text[] NOT NULL,
	"expires_at" timestamp with time zone,
	"idempotency_key" text,
	"idempotency_fingerprint" text,
	"rebook_of_order_id" integer,
	"rebook_credit_cents" integer DEFAULT 0 NOT NULL,
	"enrichment" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"paid_at" timestamp with time zone,
	CONSTRAINT "orders_hash_unique" UNIQUE("hash"),
	CONSTRAINT "orders_reference_unique" UNIQUE("reference")
);
--> statement-breakpoint
CREATE TABLE "organisation_additions" (
	"id" serial PRIMARY KEY NOT NULL,
	"organisation_id" integer NOT NULL,
	"name" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"amount_cents" integer NOT NULL,
	"type" smallint DEFAULT 0 NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"vat_rate" text
);
--> statement-breakpoint
CREATE TABLE "organisations" (
	"id" serial PRIMARY KEY NOT NULL,
	"slug" text NOT NULL,
	"name" text NOT NULL,
	"currency" text DEFAULT 'EUR' NOT NULL,
	"default_language" text DEFAULT 'en' NOT NULL,
	"languages" text[] DEFAULT '{en,nl,es,de,fr}'::text[] NOT NULL,
	"time_zone" text DEFAULT 'Europe/Amsterdam' NOT NULL,
	"date_format" text DEFAULT 'DD-MM-YYYY' NOT NULL,
	"theme_colour" text,
	"address" text,
	"allow_shopping_cart" boolean DEFAULT true NOT NULL,
	"allow_business" boolean DEFAULT false NOT NULL,
	"allow_invoice" boolean DEFAULT false NOT NULL,
	"invoice_tickets" boolean DEFAULT true NOT NULL,
	"faq_enabled" boolean DEFAULT true NOT NULL,
	"rebooking_allowed" boolean DEFAULT false NOT NULL,
	"rebooking_secret" text,
	"phone_number" text,
	"email" text,
	"whatsapp_url" text,
	"opening_hours_url" text,
	"captcha_enabled" boolean DEFAULT false NOT NULL,
	"hold_minutes" integer DEFAULT 30 NOT NULL,
	"rush" jsonb,
	"reservation_days" integer DEFAULT 7 NOT NULL,
	"reservation_max_seats" integer DEFAULT 10 NOT NULL,
	"reservations_per_email" integer DEFAULT 3 NOT NULL,
	"payment_gateway" text DEFAULT 'test' NOT NULL,
	"hero_title" jsonb,
	"hero_text" jsonb,
	"hero_image" text,
	"logo" text,
	"tax_rates" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"seller" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "organisations_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
CREATE TABLE "payment_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"provider" text NOT NULL,
	"event_id" text NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payments" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"gateway" text NOT NULL,
	"type" text NOT NULL,
	"hash" text NOT NULL,
	"provider_ref" text,
	"response" jsonb,
	"status" text DEFAULT 'OPEN' NOT NULL,
	"amount_cents" integer NOT NULL,
	"currency" text NOT NULL,
	"refund_ref" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payments_hash_unique" UNIQUE("hash")
);
--> statement-breakpoint
CREATE TABLE "plot_audience_prices" (
	"plot_id" integer NOT NULL,
	"audience_id" integer NOT NULL,
	"price_cents" integer NOT NULL,
	CONSTRAINT "plot_audience_prices_plot_id_audience_id_pk" PRIMARY KEY("plot_id","audience_id")
);
--> statement-breakpoint
CREATE TABLE "plot_tallies" (
	"plot_id" integer PRIMARY KEY NOT NULL,
	"tickets" integer DEFAULT 0 NOT NULL,
	"admitted" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "plots" (
	"id" serial PRIMARY KEY NOT NULL,
	"product_id" integer NOT NULL,
	"date" date,
	"start_time" time,
	"end_time" time,
	"capacity" integer,
	"max_orders" integer,
	"price_kind" text,
	"price_cents" integer,
	"selectable" boolean DEFAULT true NOT NULL,
	"closed_at" timestamp with time zone,
	"closed_reason" text
);
--> statement-breakpoint
CREATE TABLE "product_cross_sells" (
	"product_id" integer NOT NULL,
	"cross_product_id" integer NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "product_cross_sells_product_id_cross_product_id_pk" PRIMARY KEY("product_id","cross_product_id")
);
--> statement-breakpoint
CREATE TABLE "product_schedules" (
	"product_id" integer PRIMARY KEY NOT NULL,
	"schedule" jsonb NOT NULL,
	"audience_ids" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"generated_until" date NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "product_upsells" (
	"product_id" integer NOT NULL,
	"upsell_id" integer NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "product_upsells_product_id_upsell_id_pk" PRIMARY KEY("product_id","upsell_id")
);
--> statement-breakpoint
CREATE TABLE "products" (
	"id" serial PRIMARY KEY NOT NULL,
	"organisation_id" integer NOT NULL,
	"category_id" integer,
	"slug" text NOT NULL,
	"title" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"description" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"image" text,
	"label" jsonb,
	"state" text DEFAULT 'PUBLISHED' NOT NULL,
	"visible" boolean DEFAULT true NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"group_ids" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"price_type" text DEFAULT 'FIXED' NOT NULL,
	"capacity_type" text DEFAULT 'PLOT' NOT NULL,
	"price_cents" integer DEFAULT 0 NOT NULL,
	"min_quantity" integer DEFAULT 1 NOT NULL,
	"max_quantity" integer,
	"has_days" boolean DEFAULT false NOT NULL,
	"has_timeslots" boolean DEFAULT false NOT NULL,
	"show_end_time" boolean DEFAULT false NOT NULL,
	"show_availability" boolean DEFAULT false NOT NULL,
	"allow_reservations" boolean DEFAULT false NOT NULL,
	"sales_end_minutes" integer DEFAULT 0 NOT NULL,
	"waitlist_offer_hours" integer DEFAULT 2 NOT NULL,
	"key_facts" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"vat_rate" text,
	"cancellation_policy" jsonb,
	"rush" jsonb
);
--> statement-breakpoint
CREATE TABLE "rate_limits" (
	"key" text NOT NULL,
	"window_start" timestamp with time zone NOT NULL,
	"count" integer DEFAULT 0 NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "rate_limits_key_window_start_pk" PRIMARY KEY("key","window_start")
);
--> statement-breakpoint
CREATE TABLE "rebooking_secrets" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"secret" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"used_at" timestamp with time zone,
	CONSTRAINT "rebooking_secrets_order_id_unique" UNIQUE("order_id"),
	CONSTRAINT "rebooking_secrets_secret_unique" UNIQUE("secret")
);
--> statement-breakpoint
CREATE TABLE "refunds" (
	"id" serial PRIMARY KEY NOT NULL,
	"organisation_id" integer NOT NULL,
	"order_id" integer NOT NULL,
	"payment_id" integer,
	"amount_cents" integer NOT NULL,
	"method" text NOT NULL,
	"status" text NOT NULL,
	"gateway" text,
	"provider_ref" text,
	"idempotency_key" text NOT NULL,
	"issued_voucher_id" integer,
	"staff_user_id" integer,
	"actor" text NOT NULL,
	"reason" text,
	"lines" jsonb NOT NULL,
	"last_error" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "refunds_idempotency_key_unique" UNIQUE("idempotency_key")
);
--> statement-breakpoint
CREATE TABLE "reservations" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"allow_changes" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reservations_order_id_unique" UNIQUE("order_id"),
	CONSTRAINT "reservations_hash_unique" UNIQUE("hash")
);
--> statement-breakpoint
CREATE TABLE "rush_entries" (
	"id" serial PRIMARY KEY NOT NULL,
	"queue_id" integer NOT NULL,
	"pre_queue" boolean NOT NULL,
	"draw_key" text NOT NULL,
	"rank" integer,
	"status" text DEFAULT 'WAITING' NOT NULL,
	"admitted_at" timestamp with time zone,
	"pass_expires_at" timestamp with time zone,
	"order_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rush_queues" (
	"id" serial PRIMARY KEY NOT NULL,
	"organisation_id" integer NOT NULL,
	"scope" text NOT NULL,
	"product_id" integer,
	"opens_at" timestamp with time zone NOT NULL,
	"pre_queue_ranked" boolean DEFAULT false NOT NULL,
	"next_rank" integer DEFAULT 1 NOT NULL,
	"admitted_through" integer DEFAULT 0 NOT NULL,
	"credit" double precision DEFAULT 0 NOT NULL,
	"ticked_at" timestamp with time zone,
	"ended_at" timestamp with time zone,
	"ended_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sales_rollup" (
	"organisation_id" integer NOT NULL,
	"document" text NOT NULL,
	"dimension" text NOT NULL,
	"day" date NOT NULL,
	"key" text NOT NULL,
	"documents" integer NOT NULL,
	"tickets" bigint NOT NULL,
	"gross_cents" bigint NOT NULL,
	"net_cents" bigint NOT NULL,
	"vat_cents" bigint NOT NULL,
	CONSTRAINT "sales_rollup_organisation_id_document_dimension_day_key_pk" PRIMARY KEY("organisation_id","document","dimension","day","key")
);
--> statement-breakpoint
CREATE TABLE "server_settings" (
	"key" text PRIMARY KEY NOT NULL,
	"value" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "staff_password_links" (
	"id" serial PRIMARY KEY NOT NULL,
	"staff_user_id" integer NOT NULL,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "staff_password_links_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "staff_requests" (
	"id" serial PRIMARY KEY NOT NULL,
	"organisation_id" integer NOT NULL,
	"order_id" integer,
	"order_number" text NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"email" text NOT NULL,
	"message" text NOT NULL,
	"language" text NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"decided_by_staff_user_id" integer,
	"decided_by" text,
	"decided_at" timestamp with time zone,
	"answer" text,
	"refund_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "staff_sessions" (
	"id" serial PRIMARY KEY NOT NULL,
	"staff_user_id" integer NOT NULL,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "staff_sessions_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "staff_users" (
	"id" serial PRIMARY KEY NOT NULL,
	"organisation_id" integer NOT NULL,
	"email" text NOT NULL,
	"name" text DEFAULT '' NOT NULL,
	"password_hash" text,
	"role" text DEFAULT 'door' NOT NULL,
	"disabled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "subscription_orders" (
	"order_id" integer PRIMARY KEY NOT NULL,
	"subscription_id" integer NOT NULL,
	"renews_client_subscription_id" integer,
	"pass_ids" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"fulfilled_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "subscription_passes" (
	"id" serial PRIMARY KEY NOT NULL,
	"client_subscription_id" integer NOT NULL,
	"audience_id" integer,
	"full_name" text NOT NULL,
	"avatar" text,
	"birthday" date,
	"secret" text NOT NULL,
	CONSTRAINT "subscription_passes_secret_unique" UNIQUE("secret")
);
--> statement-breakpoint
CREATE TABLE "subscription_upsells" (
	"subscription_id" integer NOT NULL,
	"upsell_id" integer NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "subscription_upsells_subscription_id_upsell_id_pk" PRIMARY KEY("subscription_id","upsell_id")
);
--> statement-breakpoint
CREATE TABLE "subscriptions" (
	"id" serial PRIMARY KEY NOT NULL,
	"organisation_id" integer NOT NULL,
	"category_id" integer,
	"slug" text NOT NULL,
	"title" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"description" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"image" text,
	"label" jsonb,
	"state" text DEFAULT 'PUBLISHED' NOT NULL,
	"visible" boolean DEFAULT true NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"group_ids" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"type" text DEFAULT 'PHYSICAL' NOT NULL,
	"price_cents" integer DEFAULT 0 NOT NULL,
	"product_ids" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"redemptions" integer DEFAULT -1 NOT NULL,
	"validity_days" integer DEFAULT 365 NOT NULL,
	"vat_rate" text
);
--> statement-breakpoint
CREATE TABLE "tickets" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" integer NOT NULL,
	"order_line_id" integer NOT NULL,
	"secret" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"cancelled_at" timestamp with time zone,
	CONSTRAINT "tickets_secret_unique" UNIQUE("secret")
);
--> statement-breakpoint
CREATE TABLE "upsells" (
	"id" serial PRIMARY KEY NOT NULL,
	"organisation_id" integer NOT NULL,
	"key" text,
	"title" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"description" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"image" text,
	"price_cents" integer DEFAULT 0 NOT NULL,
	"upsell_type" text DEFAULT 'STANDARD' NOT NULL,
	"max_quantity" integer,
	"donation_step_cents" integer,
	"show_on_ticket" boolean DEFAULT false NOT NULL,
	"vat_rate" text
);
--> statement-breakpoint
CREATE TABLE "used_captchas" (
	"challenge_hash" text PRIMARY KEY NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "voucher_values" (
	"id" serial PRIMARY KEY NOT NULL,
	"voucher_id" integer NOT NULL,
	"name" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"key" text,
	"description" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"price_cents" integer NOT NULL,
	"credit_cents" integer NOT NULL,
	"availability" integer,
	"sort" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "vouchers" (
	"id" serial PRIMARY KEY NOT NULL,
	"organisation_id" integer NOT NULL,
	"category_id" integer,
	"slug" text NOT NULL,
	"title" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"description" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"image" text,
	"label" jsonb,
	"state" text DEFAULT 'PUBLISHED' NOT NULL,
	"visible" boolean DEFAULT true NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"group_ids" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"min_quantity" integer DEFAULT 1 NOT NULL,
	"max_quantity" integer,
	"show_end_time" boolean DEFAULT false NOT NULL,
	"validity_days" integer,
	"purpose" text DEFAULT 'MULTI' NOT NULL,
	"vat_rate" text
);
--> statement-breakpoint
CREATE TABLE "waitlist_entries" (
	"id" serial PRIMARY KEY NOT NULL,
	"organisation_id" integer NOT NULL,
	"plot_id" integer NOT NULL,
	"email" text NOT NULL,
	"language" text NOT NULL,
	"quantity" integer NOT NULL,
	"status" text DEFAULT 'WAITING' NOT NULL,
	"token" text,
	"offered_at" timestamp with time zone,
	"offer_expires_at" timestamp with time zone,
	"claimed_order_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "waitlist_entries_token_unique" UNIQUE("token")
);
--> statement-breakpoint
ALTER TABLE "admissions" ADD CONSTRAINT "admissions_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "admissions" ADD CONSTRAINT "admissions_ticket_id_tickets_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."tickets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "admissions" ADD CONSTRAINT "admissions_pass_id_subscription_passes_id_fk" FOREIGN KEY ("pass_id") REFERENCES "public"."subscription_passes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "admissions" ADD CONSTRAINT "admissions_staff_user_id_staff_users_id_fk" FOREIGN KEY ("staff_user_id") REFERENCES "public"."staff_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "admissions" ADD CONSTRAINT "admissions_undone_by_staff_users_id_fk" FOREIGN KEY ("undone_by") REFERENCES "public"."staff_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audiences" ADD CONSTRAINT "audiences_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audiences" ADD CONSTRAINT "audiences_subscription_id_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."subscriptions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_staff_user_id_staff_users_id_fk" FOREIGN KEY ("staff_user_id") REFERENCES "public"."staff_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "capacity_holds" ADD CONSTRAINT "capacity_holds_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "capacity_holds" ADD CONSTRAINT "capacity_holds_waitlist_entry_id_waitlist_entries_id_fk" FOREIGN KEY ("waitlist_entry_id") REFERENCES "public"."waitlist_entries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "capacity_holds" ADD CONSTRAINT "capacity_holds_plot_id_plots_id_fk" FOREIGN KEY ("plot_id") REFERENCES "public"."plots"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "categories" ADD CONSTRAINT "categories_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_group_members" ADD CONSTRAINT "client_group_members_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_group_members" ADD CONSTRAINT "client_group_members_group_id_client_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."client_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_groups" ADD CONSTRAINT "client_groups_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_login_links" ADD CONSTRAINT "client_login_links_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_sessions" ADD CONSTRAINT "client_sessions_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_subscriptions" ADD CONSTRAINT "client_subscriptions_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_subscriptions" ADD CONSTRAINT "client_subscriptions_subscription_id_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."subscriptions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clients" ADD CONSTRAINT "clients_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coupons" ADD CONSTRAINT "coupons_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coupons" ADD CONSTRAINT "coupons_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_notes" ADD CONSTRAINT "credit_notes_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_notes" ADD CONSTRAINT "credit_notes_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_notes" ADD CONSTRAINT "credit_notes_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_counters" ADD CONSTRAINT "document_counters_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "faq_questions" ADD CONSTRAINT "faq_questions_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fields" ADD CONSTRAINT "fields_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "issued_vouchers" ADD CONSTRAINT "issued_vouchers_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "issued_vouchers" ADD CONSTRAINT "issued_vouchers_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "issued_vouchers" ADD CONSTRAINT "issued_vouchers_voucher_value_id_voucher_values_id_fk" FOREIGN KEY ("voucher_value_id") REFERENCES "public"."voucher_values"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mail_jobs" ADD CONSTRAINT "mail_jobs_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_lines" ADD CONSTRAINT "order_lines_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_lines" ADD CONSTRAINT "order_lines_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_lines" ADD CONSTRAINT "order_lines_plot_id_plots_id_fk" FOREIGN KEY ("plot_id") REFERENCES "public"."plots"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_lines" ADD CONSTRAINT "order_lines_audience_id_audiences_id_fk" FOREIGN KEY ("audience_id") REFERENCES "public"."audiences"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_lines" ADD CONSTRAINT "order_lines_upsell_id_upsells_id_fk" FOREIGN KEY ("upsell_id") REFERENCES "public"."upsells"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_lines" ADD CONSTRAINT "order_lines_subscription_id_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."subscriptions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_lines" ADD CONSTRAINT "order_lines_voucher_value_id_voucher_values_id_fk" FOREIGN KEY ("voucher_value_id") REFERENCES "public"."voucher_values"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_lines" ADD CONSTRAINT "order_lines_issued_voucher_id_issued_vouchers_id_fk" FOREIGN KEY ("issued_voucher_id") REFERENCES "public"."issued_vouchers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_redemptions" ADD CONSTRAINT "order_redemptions_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_redemptions" ADD CONSTRAINT "order_redemptions_client_subscription_id_client_subscriptions_id_fk" FOREIGN KEY ("client_subscription_id") REFERENCES "public"."client_subscriptions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organisation_additions" ADD CONSTRAINT "organisation_additions_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plot_audience_prices" ADD CONSTRAINT "plot_audience_prices_plot_id_plots_id_fk" FOREIGN KEY ("plot_id") REFERENCES "public"."plots"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plot_audience_prices" ADD CONSTRAINT "plot_audience_prices_audience_id_audiences_id_fk" FOREIGN KEY ("audience_id") REFERENCES "public"."audiences"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plot_tallies" ADD CONSTRAINT "plot_tallies_plot_id_plots_id_fk" FOREIGN KEY ("plot_id") REFERENCES "public"."plots"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plots" ADD CONSTRAINT "plots_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_cross_sells" ADD CONSTRAINT "product_cross_sells_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_cross_sells" ADD CONSTRAINT "product_cross_sells_cross_product_id_products_id_fk" FOREIGN KEY ("cross_product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_schedules" ADD CONSTRAINT "product_schedules_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_upsells" ADD CONSTRAINT "product_upsells_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_upsells" ADD CONSTRAINT "product_upsells_upsell_id_upsells_id_fk" FOREIGN KEY ("upsell_id") REFERENCES "public"."upsells"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rebooking_secrets" ADD CONSTRAINT "rebooking_secrets_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_issued_voucher_id_issued_vouchers_id_fk" FOREIGN KEY ("issued_voucher_id") REFERENCES "public"."issued_vouchers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_staff_user_id_staff_users_id_fk" FOREIGN KEY ("staff_user_id") REFERENCES "public"."staff_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reservations" ADD CONSTRAINT "reservations_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rush_entries" ADD CONSTRAINT "rush_entries_queue_id_rush_queues_id_fk" FOREIGN KEY ("queue_id") REFERENCES "public"."rush_queues"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rush_entries" ADD CONSTRAINT "rush_entries_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rush_queues" ADD CONSTRAINT "rush_queues_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rush_queues" ADD CONSTRAINT "rush_queues_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales_rollup" ADD CONSTRAINT "sales_rollup_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_password_links" ADD CONSTRAINT "staff_password_links_staff_user_id_staff_users_id_fk" FOREIGN KEY ("staff_user_id") REFERENCES "public"."staff_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_requests" ADD CONSTRAINT "staff_requests_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_requests" ADD CONSTRAINT "staff_requests_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_requests" ADD CONSTRAINT "staff_requests_decided_by_staff_user_id_staff_users_id_fk" FOREIGN KEY ("decided_by_staff_user_id") REFERENCES "public"."staff_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_requests" ADD CONSTRAINT "staff_requests_refund_id_refunds_id_fk" FOREIGN KEY ("refund_id") REFERENCES "public"."refunds"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_sessions" ADD CONSTRAINT "staff_sessions_staff_user_id_staff_users_id_fk" FOREIGN KEY ("staff_user_id") REFERENCES "public"."staff_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_users" ADD CONSTRAINT "staff_users_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscription_orders" ADD CONSTRAINT "subscription_orders_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscription_orders" ADD CONSTRAINT "subscription_orders_subscription_id_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."subscriptions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscription_orders" ADD CONSTRAINT "subscription_orders_renews_client_subscription_id_client_subscriptions_id_fk" FOREIGN KEY ("renews_client_subscription_id") REFERENCES "public"."client_subscriptions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscription_passes" ADD CONSTRAINT "subscription_passes_client_subscription_id_client_subscriptions_id_fk" FOREIGN KEY ("client_subscription_id") REFERENCES "public"."client_subscriptions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscription_passes" ADD CONSTRAINT "subscription_passes_audience_id_audiences_id_fk" FOREIGN KEY ("audience_id") REFERENCES "public"."audiences"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscription_upsells" ADD CONSTRAINT "subscription_upsells_subscription_id_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."subscriptions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscription_upsells" ADD CONSTRAINT "subscription_upsells_upsell_id_upsells_id_fk" FOREIGN KEY ("upsell_id") REFERENCES "public"."upsells"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tickets" ADD CONSTRAINT "tickets_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tickets" ADD CONSTRAINT "tickets_order_line_id_order_lines_id_fk" FOREIGN KEY ("order_line_id") REFERENCES "public"."order_lines"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "upsells" ADD CONSTRAINT "upsells_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "voucher_values" ADD CONSTRAINT "voucher_values_voucher_id_vouchers_id_fk" FOREIGN KEY ("voucher_id") REFERENCES "public"."vouchers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vouchers" ADD CONSTRAINT "vouchers_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vouchers" ADD CONSTRAINT "vouchers_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waitlist_entries" ADD CONSTRAINT "waitlist_entries_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waitlist_entries" ADD CONSTRAINT "waitlist_entries_plot_id_plots_id_fk" FOREIGN KEY ("plot_id") REFERENCES "public"."plots"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waitlist_entries" ADD CONSTRAINT "waitlist_entries_claimed_order_id_orders_id_fk" FOREIGN KEY ("claimed_order_id") REFERENCES "public"."orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "admissions_ticket_once_idx" ON "admissions" USING btree ("ticket_id") WHERE "admissions"."undone_at" IS NULL AND "admissions"."duplicate_of" IS NULL AND "admissions"."ticket_id" IS NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "admissions_pass_day_once_idx" ON "admissions" USING btree ("pass_id","day") WHERE "admissions"."undone_at" IS NULL AND "admissions"."duplicate_of" IS NULL AND "admissions"."pass_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "admissions_org_day_idx" ON "admissions" USING btree ("organisation_id","day");--> statement-breakpoint
CREATE INDEX "audit_log_org_created_idx" ON "audit_log" USING btree ("organisation_id","created_at");--> statement-breakpoint
CREATE INDEX "audit_log_order_idx" ON "audit_log" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "capacity_holds_plot_idx" ON "capacity_holds" USING btree ("plot_id","status","expires_at");--> statement-breakpoint
CREATE INDEX "capacity_holds_order_idx" ON "capacity_holds" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "capacity_holds_waitlist_idx" ON "capacity_holds" USING btree ("waitlist_entry_id");--> statement-breakpoint
CREATE INDEX "categories_org_idx" ON "categories" USING btree ("organisation_id","sort");--> statement-breakpoint
CREATE INDEX "client_login_links_client_idx" ON "client_login_links" USING btree ("client_id");--> statement-breakpoint
CREATE INDEX "client_sessions_client_idx" ON "client_sessions" USING btree ("client_id","expires_at");--> statement-breakpoint
CREATE UNIQUE INDEX "client_subscriptions_order_idx" ON "client_subscriptions" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "client_subscriptions_client_idx" ON "client_subscriptions" USING btree ("client_id");--> statement-breakpoint
CREATE UNIQUE INDEX "clients_org_email_idx" ON "clients" USING btree ("organisation_id","email");--> statement-breakpoint
CREATE UNIQUE INDEX "coupons_org_code_idx" ON "coupons" USING btree ("organisation_id","code");--> statement-breakpoint
CREATE UNIQUE INDEX "credit_notes_org_number_idx" ON "credit_notes" USING btree ("organisation_id","number");--> statement-breakpoint
CREATE INDEX "credit_notes_order_idx" ON "credit_notes" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "credit_notes_org_issue_date_idx" ON "credit_notes" USING btree ("organisation_id","issue_date");--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_order_idx" ON "invoices" USING btree ("order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_org_number_idx" ON "invoices" USING btree ("organisation_id","number");--> statement-breakpoint
CREATE INDEX "invoices_org_issue_date_idx" ON "invoices" USING btree ("organisation_id","issue_date");--> statement-breakpoint
CREATE UNIQUE INDEX "issued_vouchers_org_code_idx" ON "issued_vouchers" USING btree ("organisation_id","code");--> statement-breakpoint
CREATE INDEX "issued_vouchers_org_normalised_code_idx" ON "issued_vouchers" USING btree ("organisation_id",upper(regexp_replace("code", '[[:space:]-]+', '', 'g')));--> statement-breakpoint
CREATE INDEX "mail_jobs_due_idx" ON "mail_jobs" USING btree ("next_attempt_at") WHERE "mail_jobs"."status" = 'PENDING';--> statement-breakpoint
CREATE INDEX "mail_jobs_organisation_idx" ON "mail_jobs" USING btree ("organisation_id","kind");--> statement-breakpoint
CREATE INDEX "order_lines_order_idx" ON "order_lines" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "order_lines_plot_idx" ON "order_lines" USING btree ("plot_id");--> statement-breakpoint
CREATE INDEX "order_redemptions_order_idx" ON "order_redemptions" USING btree ("order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "orders_org_idempotency_idx" ON "orders" USING btree ("organisation_id","idempotency_key");--> statement-breakpoint
CREATE INDEX "orders_status_expiry_idx" ON "orders" USING btree ("status","expires_at");--> statement-breakpoint
CREATE INDEX "orders_rebook_of_idx" ON "orders" USING btree ("rebook_of_order_id");--> statement-breakpoint
CREATE INDEX "orders_org_created_idx" ON "orders" USING btree ("organisation_id","created_at","id");--> statement-breakpoint
CREATE INDEX "orders_org_email_search_idx" ON "orders" USING btree ("organisation_id",lower("customer"->>'email') text_pattern_ops);--> statement-breakpoint
CREATE INDEX "orders_org_last_name_search_idx" ON "orders" USING btree ("organisation_id",lower("customer"->>'last_name') text_pattern_ops);--> statement-breakpoint
CREATE INDEX "orders_org_full_name_search_idx" ON "orders" USING btree ("organisation_id",lower(("customer"->>'first_name') || ' ' || ("customer"->>'last_name')) text_pattern_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "payment_events_provider_event_idx" ON "payment_events" USING btree ("provider","event_id");--> statement-breakpoint
CREATE INDEX "payments_order_idx" ON "payments" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "payments_ref_idx" ON "payments" USING btree ("provider_ref");--> statement-breakpoint
CREATE INDEX "plots_product_date_idx" ON "plots" USING btree ("product_id","date","start_time");--> statement-breakpoint
CREATE INDEX "plots_date_idx" ON "plots" USING btree ("date");--> statement-breakpoint
CREATE UNIQUE INDEX "plots_product_slot_key" ON "plots" USING btree ("product_id","date",coalesce("start_time", time '24:00')) WHERE "plots"."date" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "rate_limits_expires_idx" ON "rate_limits" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "refunds_order_idx" ON "refunds" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "refunds_org_status_idx" ON "refunds" USING btree ("organisation_id","status");--> statement-breakpoint
CREATE INDEX "refunds_org_created_idx" ON "refunds" USING btree ("organisation_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "rush_entries_rank_key" ON "rush_entries" USING btree ("queue_id","rank");--> statement-breakpoint
CREATE INDEX "rush_entries_passes_idx" ON "rush_entries" USING btree ("queue_id","status","pass_expires_at");--> statement-breakpoint
CREATE UNIQUE INDEX "rush_queues_key" ON "rush_queues" USING btree ("organisation_id","scope","opens_at");--> statement-breakpoint
CREATE INDEX "staff_password_links_user_idx" ON "staff_password_links" USING btree ("staff_user_id");--> statement-breakpoint
CREATE INDEX "staff_requests_org_status_idx" ON "staff_requests" USING btree ("organisation_id","status","created_at");--> statement-breakpoint
CREATE INDEX "staff_sessions_expires_idx" ON "staff_sessions" USING btree ("expires_at");--> statement-breakpoint
CREATE UNIQUE INDEX "staff_users_org_email_idx" ON "staff_users" USING btree ("organisation_id","email");--> statement-breakpoint
CREATE INDEX "tickets_order_line_idx" ON "tickets" USING btree ("order_line_id");--> statement-breakpoint
CREATE INDEX "used_captchas_expires_idx" ON "used_captchas" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "waitlist_entries_plot_idx" ON "waitlist_entries" USING btree ("plot_id","status","id");--> statement-breakpoint
CREATE INDEX "waitlist_entries_offers_idx" ON "waitlist_entries" USING btree ("offer_expires_at") WHERE "waitlist_entries"."status" = 'OFFERED';