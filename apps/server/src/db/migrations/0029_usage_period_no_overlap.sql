-- Hand-written: the usage periods of one car never overlap (docs/handover.md). The services check under the car's
-- lock and answer 409 naming the time; this exclusion constraint is the database's own guarantee, also against a
-- writer that forgot the lock. An open period (to_at null) reaches to infinity. btree_gist lets the bigint
-- equalities share the GiST index with the range (created before the migrations run, core/db.ts).
ALTER TABLE "car_usage_periods" ADD CONSTRAINT "car_usage_periods_no_overlap" EXCLUDE USING gist ("tenant_id" WITH =, "car_id" WITH =, tstzrange("from_at", "to_at") WITH &&);
