CREATE TABLE "car_list_versions" (
	"tenant_id" bigint PRIMARY KEY NOT NULL,
	"version" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "car_list_versions" ADD CONSTRAINT "car_list_versions_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE SEQUENCE "car_list_version_seq";--> statement-breakpoint
CREATE FUNCTION "bump_car_list_version"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "car_list_versions" AS v ("tenant_id", "version")
    SELECT "tenant_id", nextval('car_list_version_seq') FROM (SELECT DISTINCT "tenant_id" FROM "changed") t
    ON CONFLICT ("tenant_id") DO UPDATE SET "version" = excluded."version";
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "cars_list_version_insert" AFTER INSERT ON "cars" REFERENCING NEW TABLE AS "changed" FOR EACH STATEMENT EXECUTE FUNCTION "bump_car_list_version"();--> statement-breakpoint
CREATE TRIGGER "cars_list_version_update" AFTER UPDATE ON "cars" REFERENCING NEW TABLE AS "changed" FOR EACH STATEMENT EXECUTE FUNCTION "bump_car_list_version"();--> statement-breakpoint
CREATE TRIGGER "cars_list_version_delete" AFTER DELETE ON "cars" REFERENCING OLD TABLE AS "changed" FOR EACH STATEMENT EXECUTE FUNCTION "bump_car_list_version"();
