CREATE TABLE "financing_list_versions" (
	"owner_id" bigint PRIMARY KEY NOT NULL,
	"version" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
DROP INDEX "booked_cars_rent_ix";--> statement-breakpoint
DROP INDEX "financing_applications_rent_ix";--> statement-breakpoint
DROP INDEX "financing_applications_financier_ix";--> statement-breakpoint
DROP INDEX "financing_rent_or_sale_state_ix";--> statement-breakpoint
DROP INDEX "financing_repayments_rent_ix";--> statement-breakpoint
DROP INDEX "financing_repayments_financier_ix";--> statement-breakpoint
CREATE INDEX "financing_instalments_due_ix" ON "financing_instalments" USING btree ("tenant_id","due_date","id");--> statement-breakpoint
CREATE INDEX "financing_instalments_financier_due_ix" ON "financing_instalments" USING btree ("financier_id","due_date","id");--> statement-breakpoint
CREATE INDEX "booked_cars_rent_ix" ON "booked_cars" USING btree ("tenant_id","rent_id","id");--> statement-breakpoint
CREATE INDEX "financing_applications_rent_ix" ON "financing_applications" USING btree ("tenant_id","rent_id","state","id");--> statement-breakpoint
CREATE INDEX "financing_applications_financier_ix" ON "financing_applications" USING btree ("financier_id","state","id");--> statement-breakpoint
CREATE INDEX "financing_rent_or_sale_state_ix" ON "financing_rent_or_sale" USING btree ("tenant_id","state","id");--> statement-breakpoint
CREATE INDEX "financing_repayments_rent_ix" ON "financing_repayments" USING btree ("tenant_id","rent_id","id");--> statement-breakpoint
CREATE INDEX "financing_repayments_financier_ix" ON "financing_repayments" USING btree ("financier_id","id");--> statement-breakpoint
CREATE SEQUENCE "financing_list_version_seq";--> statement-breakpoint
CREATE FUNCTION "bump_financing_list_version"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- The owners in a fixed order, so that two transactions lock their rows in the same order (no deadlock).
  INSERT INTO "financing_list_versions" AS v ("owner_id", "version")
    SELECT o, nextval('financing_list_version_seq')
      FROM (SELECT "tenant_id" AS o FROM "changed" UNION SELECT "financier_id" FROM "changed" ORDER BY 1) t
    ON CONFLICT ("owner_id") DO UPDATE SET "version" = excluded."version";
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "financing_applications_list_version_insert" AFTER INSERT ON "financing_applications" REFERENCING NEW TABLE AS "changed" FOR EACH STATEMENT EXECUTE FUNCTION "bump_financing_list_version"();--> statement-breakpoint
CREATE TRIGGER "financing_applications_list_version_update" AFTER UPDATE ON "financing_applications" REFERENCING NEW TABLE AS "changed" FOR EACH STATEMENT EXECUTE FUNCTION "bump_financing_list_version"();--> statement-breakpoint
CREATE TRIGGER "financing_applications_list_version_delete" AFTER DELETE ON "financing_applications" REFERENCING OLD TABLE AS "changed" FOR EACH STATEMENT EXECUTE FUNCTION "bump_financing_list_version"();--> statement-breakpoint
CREATE TRIGGER "financing_instalments_list_version_insert" AFTER INSERT ON "financing_instalments" REFERENCING NEW TABLE AS "changed" FOR EACH STATEMENT EXECUTE FUNCTION "bump_financing_list_version"();--> statement-breakpoint
CREATE TRIGGER "financing_instalments_list_version_update" AFTER UPDATE ON "financing_instalments" REFERENCING NEW TABLE AS "changed" FOR EACH STATEMENT EXECUTE FUNCTION "bump_financing_list_version"();--> statement-breakpoint
CREATE TRIGGER "financing_instalments_list_version_delete" AFTER DELETE ON "financing_instalments" REFERENCING OLD TABLE AS "changed" FOR EACH STATEMENT EXECUTE FUNCTION "bump_financing_list_version"();--> statement-breakpoint
CREATE TRIGGER "financing_repayments_list_version_insert" AFTER INSERT ON "financing_repayments" REFERENCING NEW TABLE AS "changed" FOR EACH STATEMENT EXECUTE FUNCTION "bump_financing_list_version"();--> statement-breakpoint
CREATE TRIGGER "financing_repayments_list_version_update" AFTER UPDATE ON "financing_repayments" REFERENCING NEW TABLE AS "changed" FOR EACH STATEMENT EXECUTE FUNCTION "bump_financing_list_version"();--> statement-breakpoint
CREATE TRIGGER "financing_repayments_list_version_delete" AFTER DELETE ON "financing_repayments" REFERENCING OLD TABLE AS "changed" FOR EACH STATEMENT EXECUTE FUNCTION "bump_financing_list_version"();
