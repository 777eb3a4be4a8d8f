CREATE TABLE "renter_balances" (
	"tenant_id" bigint NOT NULL,
	"driver_id" bigint NOT NULL,
	"balance_fen" bigint DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "renter_balances_tenant_id_driver_id_pk" PRIMARY KEY("tenant_id","driver_id"),
	CONSTRAINT "renter_balances_nonnegative_ck" CHECK (balance_fen >= 0)
);
--> statement-breakpoint
CREATE TABLE "renter_ledger" (
	"tenant_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "renter_ledger_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"driver_id" bigint NOT NULL,
	"kind" text NOT NULL,
	"amount_fen" bigint NOT NULL,
	"balance_after_fen" bigint NOT NULL,
	"order_id" bigint,
	"reference_type" text,
	"reference_id" text,
	"created_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "renter_ledger_tenant_id_id_pk" PRIMARY KEY("tenant_id","id"),
	CONSTRAINT "renter_ledger_kind_ck" CHECK (kind in ('topUp', 'trip', 'refund', 'adjust')),
	CONSTRAINT "renter_ledger_after_ck" CHECK (balance_after_fen >= 0),
	CONSTRAINT "renter_ledger_amount_ck" CHECK (amount_fen <> 0)
);
--> statement-breakpoint
CREATE TABLE "st_booking_events" (
	"tenant_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "st_booking_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"booking_id" bigint NOT NULL,
	"kind" text NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"user_id" bigint,
	"data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	CONSTRAINT "st_booking_events_tenant_id_id_pk" PRIMARY KEY("tenant_id","id"),
	CONSTRAINT "st_booking_events_kind_ck" CHECK (kind in ('created', 'paid', 'cancelled', 'pickedUp', 'returned', 'settled', 'balancePaid', 'refunded', 'violationReleased', 'overdue'))
);
--> statement-breakpoint
CREATE TABLE "st_bookings" (
	"tenant_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "st_bookings_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"code" text NOT NULL,
	"rent_id" bigint NOT NULL,
	"store_id" bigint NOT NULL,
	"return_store_id" bigint NOT NULL,
	"car_type_id" bigint NOT NULL,
	"car_id" bigint NOT NULL,
	"driver_id" bigint NOT NULL,
	"state" text DEFAULT 'unpaid' NOT NULL,
	"pick_up_at" timestamp with time zone NOT NULL,
	"return_at" timestamp with time zone NOT NULL,
	"delivery_address" text,
	"collection_address" text,
	"protection_id" bigint,
	"extras" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"quote" jsonb NOT NULL,
	"days" integer NOT NULL,
	"rent_fen" bigint NOT NULL,
	"total_fen" bigint NOT NULL,
	"damage_deposit_fen" bigint NOT NULL,
	"violation_deposit_fen" bigint NOT NULL,
	"order_id" bigint,
	"paid_at" timestamp with time zone,
	"picked_up_at" timestamp with time zone,
	"returned_at" timestamp with time zone,
	"charges" jsonb,
	"settled_at" timestamp with time zone,
	"balance_order_id" bigint,
	"violation_hold_until" date,
	"violation_used_fen" bigint DEFAULT 0 NOT NULL,
	"violation_released_at" timestamp with time zone,
	"cancel_fee_fen" bigint,
	"cancelled_at" timestamp with time zone,
	"cancel_reason" text,
	"overdue_notified_at" timestamp with time zone,
	"remark" text,
	"version" integer DEFAULT 0 NOT NULL,
	"created_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "st_bookings_tenant_id_id_pk" PRIMARY KEY("tenant_id","id"),
	CONSTRAINT "st_bookings_state_ck" CHECK (state in ('unpaid', 'toPickUp', 'inUse', 'returned', 'completed', 'cancelled')),
	CONSTRAINT "st_bookings_range_ck" CHECK (return_at > pick_up_at),
	CONSTRAINT "st_bookings_money_ck" CHECK (days >= 1 and rent_fen >= 0 and total_fen >= 0 and damage_deposit_fen >= 0 and violation_deposit_fen >= 0 and violation_used_fen >= 0 and violation_used_fen <= violation_deposit_fen and (cancel_fee_fen is null or cancel_fee_fen >= 0))
);
--> statement-breakpoint
CREATE TABLE "st_extras" (
	"tenant_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "st_extras_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"kind" text NOT NULL,
	"day_fen" bigint NOT NULL,
	"max_fen" bigint,
	"enabled" boolean DEFAULT true NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	CONSTRAINT "st_extras_tenant_id_id_pk" PRIMARY KEY("tenant_id","id"),
	CONSTRAINT "st_extras_kind_ck" CHECK (kind in ('childSeat', 'extraDriver', 'other')),
	CONSTRAINT "st_extras_values_ck" CHECK (day_fen >= 0 and (max_fen is null or max_fen >= 0))
);
--> statement-breakpoint
CREATE TABLE "st_holidays" (
	"tenant_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "st_holidays_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"day" date NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "st_holidays_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "st_price_days" (
	"tenant_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "st_price_days_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"store_id" bigint NOT NULL,
	"car_type_id" bigint NOT NULL,
	"day" date NOT NULL,
	"price_fen" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "st_price_days_tenant_id_id_pk" PRIMARY KEY("tenant_id","id"),
	CONSTRAINT "st_price_days_price_ck" CHECK (price_fen >= 0)
);
--> statement-breakpoint
CREATE TABLE "st_prices" (
	"tenant_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "st_prices_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"store_id" bigint NOT NULL,
	"car_type_id" bigint NOT NULL,
	"weekday_fen" bigint NOT NULL,
	"weekend_fen" bigint NOT NULL,
	"discount7_bp" integer DEFAULT 0 NOT NULL,
	"discount15_bp" integer DEFAULT 0 NOT NULL,
	"discount30_bp" integer DEFAULT 0 NOT NULL,
	"mileage_limit_km" integer,
	"over_km_fen" bigint DEFAULT 0 NOT NULL,
	"damage_deposit_fen" bigint DEFAULT 0 NOT NULL,
	"violation_deposit_fen" bigint DEFAULT 0 NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "st_prices_tenant_id_id_pk" PRIMARY KEY("tenant_id","id"),
	CONSTRAINT "st_prices_values_ck" CHECK (weekday_fen >= 0 and weekend_fen >= 0 and over_km_fen >= 0 and damage_deposit_fen >= 0 and violation_deposit_fen >= 0 and (mileage_limit_km is null or mileage_limit_km > 0)),
	CONSTRAINT "st_prices_discount_ck" CHECK (discount7_bp between 0 and 9000 and discount15_bp between 0 and 9000 and discount30_bp between 0 and 9000)
);
--> statement-breakpoint
CREATE TABLE "st_protections" (
	"tenant_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "st_protections_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"day_fen" bigint NOT NULL,
	"deductible_fen" bigint DEFAULT 0 NOT NULL,
	"tyres_glass" boolean DEFAULT false NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	CONSTRAINT "st_protections_tenant_id_id_pk" PRIMARY KEY("tenant_id","id"),
	CONSTRAINT "st_protections_values_ck" CHECK (day_fen >= 0 and deductible_fen >= 0)
);
--> statement-breakpoint
CREATE TABLE "st_store_cars" (
	"tenant_id" bigint NOT NULL,
	"car_id" bigint NOT NULL,
	"store_id" bigint NOT NULL,
	"added_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "st_store_cars_tenant_id_car_id_pk" PRIMARY KEY("tenant_id","car_id")
);
--> statement-breakpoint
CREATE TABLE "st_stores" (
	"tenant_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "st_stores_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"rent_id" bigint NOT NULL,
	"name" text NOT NULL,
	"address" text NOT NULL,
	"lat" numeric(9, 6) NOT NULL,
	"lon" numeric(9, 6) NOT NULL,
	"phone" text NOT NULL,
	"opens_at" text DEFAULT '08:00' NOT NULL,
	"closes_at" text DEFAULT '20:00' NOT NULL,
	"min_notice_hours" integer DEFAULT 2 NOT NULL,
	"max_days_ahead" integer DEFAULT 90 NOT NULL,
	"delivery_radius_km" integer DEFAULT 0 NOT NULL,
	"delivery_fee_fen" bigint DEFAULT 0 NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	"created_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	CONSTRAINT "st_stores_tenant_id_id_pk" PRIMARY KEY("tenant_id","id"),
	CONSTRAINT "st_stores_hours_ck" CHECK (opens_at ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$' and closes_at ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$' and closes_at > opens_at),
	CONSTRAINT "st_stores_values_ck" CHECK (min_notice_hours >= 0 and max_days_ahead >= 1 and delivery_radius_km >= 0 and delivery_fee_fen >= 0)
);
--> statement-breakpoint
CREATE TABLE "ts_cars" (
	"tenant_id" bigint NOT NULL,
	"car_id" bigint NOT NULL,
	"city" text NOT NULL,
	"zone_id" bigint,
	"added_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ts_cars_tenant_id_car_id_pk" PRIMARY KEY("tenant_id","car_id")
);
--> statement-breakpoint
CREATE TABLE "ts_rates" (
	"tenant_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "ts_rates_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"city" text NOT NULL,
	"car_type_id" bigint NOT NULL,
	"day_minute_fen" bigint NOT NULL,
	"night_minute_fen" bigint NOT NULL,
	"km_fen" bigint NOT NULL,
	"min_fen" bigint DEFAULT 0 NOT NULL,
	"max_fen" bigint,
	"daily_cap_fen" bigint NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ts_rates_tenant_id_id_pk" PRIMARY KEY("tenant_id","id"),
	CONSTRAINT "ts_rates_values_ck" CHECK (day_minute_fen >= 0 and night_minute_fen >= 0 and km_fen >= 0 and min_fen >= 0 and daily_cap_fen >= 0 and (max_fen is null or max_fen >= min_fen))
);
--> statement-breakpoint
CREATE TABLE "ts_trips" (
	"tenant_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "ts_trips_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"code" text NOT NULL,
	"rent_id" bigint NOT NULL,
	"car_id" bigint NOT NULL,
	"driver_id" bigint NOT NULL,
	"state" text DEFAULT 'reserved' NOT NULL,
	"rate" jsonb NOT NULL,
	"reserved_at" timestamp with time zone NOT NULL,
	"reserve_until" timestamp with time zone,
	"started_at" timestamp with time zone,
	"start_zone_id" bigint,
	"start_km" numeric(10, 1),
	"ended_at" timestamp with time zone,
	"end_zone_id" bigint,
	"end_lat" numeric(9, 6),
	"end_lon" numeric(9, 6),
	"off_zone" boolean DEFAULT false NOT NULL,
	"km" numeric(8, 1),
	"amount" jsonb,
	"total_fen" bigint,
	"paid_at" timestamp with time zone,
	"warned_at" timestamp with time zone,
	"locked_at" timestamp with time zone,
	"recovered_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone,
	"cancel_reason" text,
	"version" integer DEFAULT 0 NOT NULL,
	"created_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ts_trips_tenant_id_id_pk" PRIMARY KEY("tenant_id","id"),
	CONSTRAINT "ts_trips_state_ck" CHECK (state in ('reserved', 'inUse', 'ended', 'paid', 'cancelled')),
	CONSTRAINT "ts_trips_values_ck" CHECK ((km is null or km >= 0) and (total_fen is null or total_fen >= 0))
);
--> statement-breakpoint
CREATE TABLE "ts_zones" (
	"tenant_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "ts_zones_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"rent_id" bigint NOT NULL,
	"name" text NOT NULL,
	"city" text NOT NULL,
	"address" text NOT NULL,
	"lat" numeric(9, 6) NOT NULL,
	"lon" numeric(9, 6) NOT NULL,
	"radius_m" integer,
	"geofence_id" bigint,
	"bays" integer DEFAULT 0 NOT NULL,
	"parking_fee_fen" bigint DEFAULT 0 NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	CONSTRAINT "ts_zones_tenant_id_id_pk" PRIMARY KEY("tenant_id","id"),
	CONSTRAINT "ts_zones_shape_ck" CHECK ((radius_m is not null and radius_m > 0) or geofence_id is not null),
	CONSTRAINT "ts_zones_values_ck" CHECK (bays >= 0 and parking_fee_fen >= 0)
);
--> statement-breakpoint
ALTER TABLE "orders" DROP CONSTRAINT "orders_type_ck";--> statement-breakpoint
ALTER TABLE "car_usage_periods" ALTER COLUMN "contract_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "handover_inspections" ALTER COLUMN "contract_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "car_usage_periods" ADD COLUMN "booking_id" bigint;--> statement-breakpoint
ALTER TABLE "car_usage_periods" ADD COLUMN "trip_id" bigint;--> statement-breakpoint
ALTER TABLE "handover_inspections" ADD COLUMN "booking_id" bigint;--> statement-breakpoint
ALTER TABLE "renter_balances" ADD CONSTRAINT "renter_balances_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "renter_balances" ADD CONSTRAINT "renter_balances_tenant_id_driver_id_drivers_tenant_id_id_fk" FOREIGN KEY ("tenant_id","driver_id") REFERENCES "public"."drivers"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "renter_ledger" ADD CONSTRAINT "renter_ledger_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "renter_ledger" ADD CONSTRAINT "renter_ledger_tenant_id_driver_id_drivers_tenant_id_id_fk" FOREIGN KEY ("tenant_id","driver_id") REFERENCES "public"."drivers"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "renter_ledger" ADD CONSTRAINT "renter_ledger_tenant_id_order_id_orders_tenant_id_id_fk" FOREIGN KEY ("tenant_id","order_id") REFERENCES "public"."orders"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "st_booking_events" ADD CONSTRAINT "st_booking_events_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "st_booking_events" ADD CONSTRAINT "st_booking_events_tenant_id_booking_id_st_bookings_tenant_id_id_fk" FOREIGN KEY ("tenant_id","booking_id") REFERENCES "public"."st_bookings"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "st_booking_events" ADD CONSTRAINT "st_booking_events_tenant_id_user_id_users_tenant_id_id_fk" FOREIGN KEY ("tenant_id","user_id") REFERENCES "public"."users"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "st_bookings" ADD CONSTRAINT "st_bookings_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "st_bookings" ADD CONSTRAINT "st_bookings_tenant_id_rent_id_rents_tenant_id_id_fk" FOREIGN KEY ("tenant_id","rent_id") REFERENCES "public"."rents"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "st_bookings" ADD CONSTRAINT "st_bookings_tenant_id_store_id_st_stores_tenant_id_id_fk" FOREIGN KEY ("tenant_id","store_id") REFERENCES "public"."st_stores"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "st_bookings" ADD CONSTRAINT "st_bookings_tenant_id_return_store_id_st_stores_tenant_id_id_fk" FOREIGN KEY ("tenant_id","return_store_id") REFERENCES "public"."st_stores"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "st_bookings" ADD CONSTRAINT "st_bookings_tenant_id_car_type_id_car_types_tenant_id_id_fk" FOREIGN KEY ("tenant_id","car_type_id") REFERENCES "public"."car_types"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "st_bookings" ADD CONSTRAINT "st_bookings_tenant_id_car_id_cars_tenant_id_id_fk" FOREIGN KEY ("tenant_id","car_id") REFERENCES "public"."cars"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "st_bookings" ADD CONSTRAINT "st_bookings_tenant_id_driver_id_drivers_tenant_id_id_fk" FOREIGN KEY ("tenant_id","driver_id") REFERENCES "public"."drivers"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "st_bookings" ADD CONSTRAINT "st_bookings_tenant_id_protection_id_st_protections_tenant_id_id_fk" FOREIGN KEY ("tenant_id","protection_id") REFERENCES "public"."st_protections"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "st_bookings" ADD CONSTRAINT "st_bookings_tenant_id_order_id_orders_tenant_id_id_fk" FOREIGN KEY ("tenant_id","order_id") REFERENCES "public"."orders"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "st_bookings" ADD CONSTRAINT "st_bookings_tenant_id_balance_order_id_orders_tenant_id_id_fk" FOREIGN KEY ("tenant_id","balance_order_id") REFERENCES "public"."orders"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "st_bookings" ADD CONSTRAINT "st_bookings_tenant_id_created_by_users_tenant_id_id_fk" FOREIGN KEY ("tenant_id","created_by") REFERENCES "public"."users"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "st_extras" ADD CONSTRAINT "st_extras_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "st_holidays" ADD CONSTRAINT "st_holidays_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "st_price_days" ADD CONSTRAINT "st_price_days_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "st_price_days" ADD CONSTRAINT "st_price_days_tenant_id_store_id_st_stores_tenant_id_id_fk" FOREIGN KEY ("tenant_id","store_id") REFERENCES "public"."st_stores"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "st_price_days" ADD CONSTRAINT "st_price_days_tenant_id_car_type_id_car_types_tenant_id_id_fk" FOREIGN KEY ("tenant_id","car_type_id") REFERENCES "public"."car_types"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "st_prices" ADD CONSTRAINT "st_prices_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "st_prices" ADD CONSTRAINT "st_prices_tenant_id_store_id_st_stores_tenant_id_id_fk" FOREIGN KEY ("tenant_id","store_id") REFERENCES "public"."st_stores"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "st_prices" ADD CONSTRAINT "st_prices_tenant_id_car_type_id_car_types_tenant_id_id_fk" FOREIGN KEY ("tenant_id","car_type_id") REFERENCES "public"."car_types"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "st_protections" ADD CONSTRAINT "st_protections_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "st_store_cars" ADD CONSTRAINT "st_store_cars_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "st_store_cars" ADD CONSTRAINT "st_store_cars_tenant_id_car_id_cars_tenant_id_id_fk" FOREIGN KEY ("tenant_id","car_id") REFERENCES "public"."cars"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "st_store_cars" ADD CONSTRAINT "st_store_cars_tenant_id_store_id_st_stores_tenant_id_id_fk" FOREIGN KEY ("tenant_id","store_id") REFERENCES "public"."st_stores"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "st_stores" ADD CONSTRAINT "st_stores_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "st_stores" ADD CONSTRAINT "st_stores_tenant_id_rent_id_rents_tenant_id_id_fk" FOREIGN KEY ("tenant_id","rent_id") REFERENCES "public"."rents"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "st_stores" ADD CONSTRAINT "st_stores_tenant_id_created_by_users_tenant_id_id_fk" FOREIGN KEY ("tenant_id","created_by") REFERENCES "public"."users"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ts_cars" ADD CONSTRAINT "ts_cars_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ts_cars" ADD CONSTRAINT "ts_cars_tenant_id_car_id_cars_tenant_id_id_fk" FOREIGN KEY ("tenant_id","car_id") REFERENCES "public"."cars"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ts_cars" ADD CONSTRAINT "ts_cars_tenant_id_zone_id_ts_zones_tenant_id_id_fk" FOREIGN KEY ("tenant_id","zone_id") REFERENCES "public"."ts_zones"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ts_rates" ADD CONSTRAINT "ts_rates_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ts_rates" ADD CONSTRAINT "ts_rates_tenant_id_car_type_id_car_types_tenant_id_id_fk" FOREIGN KEY ("tenant_id","car_type_id") REFERENCES "public"."car_types"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ts_trips" ADD CONSTRAINT "ts_trips_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ts_trips" ADD CONSTRAINT "ts_trips_tenant_id_rent_id_rents_tenant_id_id_fk" FOREIGN KEY ("tenant_id","rent_id") REFERENCES "public"."rents"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ts_trips" ADD CONSTRAINT "ts_trips_tenant_id_car_id_cars_tenant_id_id_fk" FOREIGN KEY ("tenant_id","car_id") REFERENCES "public"."cars"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ts_trips" ADD CONSTRAINT "ts_trips_tenant_id_driver_id_drivers_tenant_id_id_fk" FOREIGN KEY ("tenant_id","driver_id") REFERENCES "public"."drivers"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ts_trips" ADD CONSTRAINT "ts_trips_tenant_id_start_zone_id_ts_zones_tenant_id_id_fk" FOREIGN KEY ("tenant_id","start_zone_id") REFERENCES "public"."ts_zones"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ts_trips" ADD CONSTRAINT "ts_trips_tenant_id_end_zone_id_ts_zones_tenant_id_id_fk" FOREIGN KEY ("tenant_id","end_zone_id") REFERENCES "public"."ts_zones"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ts_zones" ADD CONSTRAINT "ts_zones_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ts_zones" ADD CONSTRAINT "ts_zones_tenant_id_rent_id_rents_tenant_id_id_fk" FOREIGN KEY ("tenant_id","rent_id") REFERENCES "public"."rents"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ts_zones" ADD CONSTRAINT "ts_zones_tenant_id_geofence_id_gps_geofences_tenant_id_id_fk" FOREIGN KEY ("tenant_id","geofence_id") REFERENCES "public"."gps_geofences"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "renter_ledger_driver_ix" ON "renter_ledger" USING btree ("tenant_id","driver_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "renter_ledger_order_uq" ON "renter_ledger" USING btree ("tenant_id","order_id","kind") WHERE order_id is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "renter_ledger_reference_uq" ON "renter_ledger" USING btree ("tenant_id","kind","reference_type","reference_id") WHERE reference_id is not null and kind = 'trip';--> statement-breakpoint
CREATE INDEX "st_booking_events_booking_ix" ON "st_booking_events" USING btree ("tenant_id","booking_id","at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "st_bookings_code_uq" ON "st_bookings" USING btree ("tenant_id","code");--> statement-breakpoint
CREATE INDEX "st_bookings_created_ix" ON "st_bookings" USING btree ("tenant_id","created_at","id");--> statement-breakpoint
CREATE INDEX "st_bookings_store_pick_ix" ON "st_bookings" USING btree ("tenant_id","store_id","pick_up_at");--> statement-breakpoint
CREATE INDEX "st_bookings_return_store_ix" ON "st_bookings" USING btree ("tenant_id","return_store_id","return_at");--> statement-breakpoint
CREATE INDEX "st_bookings_car_ix" ON "st_bookings" USING btree ("tenant_id","car_id","pick_up_at");--> statement-breakpoint
CREATE INDEX "st_bookings_driver_ix" ON "st_bookings" USING btree ("tenant_id","driver_id");--> statement-breakpoint
CREATE INDEX "st_bookings_order_ix" ON "st_bookings" USING btree ("tenant_id","order_id");--> statement-breakpoint
CREATE INDEX "st_bookings_balance_order_ix" ON "st_bookings" USING btree ("tenant_id","balance_order_id") WHERE balance_order_id is not null;--> statement-breakpoint
CREATE INDEX "st_bookings_unpaid_ix" ON "st_bookings" USING btree ("created_at") WHERE state = 'unpaid';--> statement-breakpoint
CREATE INDEX "st_bookings_hold_ix" ON "st_bookings" USING btree ("violation_hold_until") WHERE violation_hold_until is not null and violation_released_at is null;--> statement-breakpoint
CREATE UNIQUE INDEX "st_extras_name_uq" ON "st_extras" USING btree ("tenant_id","name") WHERE deleted_at is null;--> statement-breakpoint
CREATE UNIQUE INDEX "st_holidays_day_uq" ON "st_holidays" USING btree ("tenant_id","day");--> statement-breakpoint
CREATE UNIQUE INDEX "st_price_days_uq" ON "st_price_days" USING btree ("tenant_id","store_id","car_type_id","day");--> statement-breakpoint
CREATE UNIQUE INDEX "st_prices_store_type_uq" ON "st_prices" USING btree ("tenant_id","store_id","car_type_id");--> statement-breakpoint
CREATE UNIQUE INDEX "st_protections_name_uq" ON "st_protections" USING btree ("tenant_id","name") WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX "st_store_cars_store_ix" ON "st_store_cars" USING btree ("tenant_id","store_id");--> statement-breakpoint
CREATE UNIQUE INDEX "st_stores_name_uq" ON "st_stores" USING btree ("tenant_id","name") WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX "st_stores_rent_ix" ON "st_stores" USING btree ("tenant_id","rent_id") WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX "ts_cars_zone_ix" ON "ts_cars" USING btree ("tenant_id","zone_id");--> statement-breakpoint
CREATE INDEX "ts_cars_city_ix" ON "ts_cars" USING btree ("tenant_id","city");--> statement-breakpoint
CREATE UNIQUE INDEX "ts_rates_city_type_uq" ON "ts_rates" USING btree ("tenant_id","city","car_type_id");--> statement-breakpoint
CREATE UNIQUE INDEX "ts_trips_code_uq" ON "ts_trips" USING btree ("tenant_id","code");--> statement-breakpoint
CREATE UNIQUE INDEX "ts_trips_live_car_uq" ON "ts_trips" USING btree ("tenant_id","car_id") WHERE state in ('reserved', 'inUse');--> statement-breakpoint
CREATE UNIQUE INDEX "ts_trips_live_driver_uq" ON "ts_trips" USING btree ("tenant_id","driver_id") WHERE state in ('reserved', 'inUse');--> statement-breakpoint
CREATE INDEX "ts_trips_created_ix" ON "ts_trips" USING btree ("tenant_id","reserved_at","id");--> statement-breakpoint
CREATE INDEX "ts_trips_car_ix" ON "ts_trips" USING btree ("tenant_id","car_id","reserved_at");--> statement-breakpoint
CREATE INDEX "ts_trips_driver_ix" ON "ts_trips" USING btree ("tenant_id","driver_id","reserved_at");--> statement-breakpoint
CREATE INDEX "ts_trips_live_ix" ON "ts_trips" USING btree ("state","reserve_until") WHERE state in ('reserved', 'inUse');--> statement-breakpoint
CREATE UNIQUE INDEX "ts_zones_name_uq" ON "ts_zones" USING btree ("tenant_id","name") WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX "ts_zones_city_ix" ON "ts_zones" USING btree ("tenant_id","city") WHERE deleted_at is null;--> statement-breakpoint
ALTER TABLE "car_usage_periods" ADD CONSTRAINT "car_usage_periods_tenant_id_booking_id_st_bookings_tenant_id_id_fk" FOREIGN KEY ("tenant_id","booking_id") REFERENCES "public"."st_bookings"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "car_usage_periods" ADD CONSTRAINT "car_usage_periods_tenant_id_trip_id_ts_trips_tenant_id_id_fk" FOREIGN KEY ("tenant_id","trip_id") REFERENCES "public"."ts_trips"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "handover_inspections" ADD CONSTRAINT "handover_inspections_tenant_id_booking_id_st_bookings_tenant_id_id_fk" FOREIGN KEY ("tenant_id","booking_id") REFERENCES "public"."st_bookings"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "car_usage_periods_booking_ix" ON "car_usage_periods" USING btree ("tenant_id","booking_id") WHERE booking_id is not null;--> statement-breakpoint
CREATE INDEX "car_usage_periods_trip_ix" ON "car_usage_periods" USING btree ("tenant_id","trip_id") WHERE trip_id is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "handover_inspections_booking_kind_uq" ON "handover_inspections" USING btree ("tenant_id","booking_id","kind");--> statement-breakpoint
ALTER TABLE "car_usage_periods" ADD CONSTRAINT "car_usage_periods_owner_ck" CHECK (num_nonnulls(contract_id, booking_id, trip_id) = 1);--> statement-breakpoint
ALTER TABLE "handover_inspections" ADD CONSTRAINT "handover_inspections_owner_ck" CHECK (num_nonnulls(contract_id, booking_id) = 1);--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_type_ck" CHECK (type in ('membership', 'topUp', 'service', 'financing', 'booking', 'renterTopUp'));--> statement-breakpoint
-- Hand-written: no double booking. Live bookings (unpaid, toPickUp, inUse) of one car never overlap in time; the
-- service picks a free car first, and this constraint decides a race (SQLSTATE 23P01 -> 409 shortTerm.carTaken).
-- btree_gist lets the bigint equalities share the GiST index with the range (see 0029).
ALTER TABLE "st_bookings" ADD CONSTRAINT "st_bookings_no_overlap" EXCLUDE USING gist ("tenant_id" WITH =, "car_id" WITH =, tstzrange("pick_up_at", "return_at", '[)') WITH &&) WHERE (state in ('unpaid', 'toPickUp', 'inUse'));
