CREATE TABLE "insurance_companies" (
	"tenant_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "insurance_companies_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"code" text NOT NULL,
	"name" text NOT NULL,
	"short_name" text NOT NULL,
	"name_en" text NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "insurance_companies_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
ALTER TABLE "insurance_companies" ADD CONSTRAINT "insurance_companies_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "insurance_companies_code_uq" ON "insurance_companies" USING btree ("tenant_id","code");--> statement-breakpoint
CREATE UNIQUE INDEX "insurance_companies_name_uq" ON "insurance_companies" USING btree ("tenant_id","name");--> statement-breakpoint
CREATE UNIQUE INDEX "insurance_companies_short_name_uq" ON "insurance_companies" USING btree ("tenant_id","short_name");--> statement-breakpoint
-- hand-written below
-- The common insurers (INSURANCE_COMPANIES of the contracts, as of this migration) for every tenant: the existing
-- ones here, each new one by the trigger.
CREATE FUNCTION "insurance_companies_common"() RETURNS TABLE (code text, name text, short_name text, name_en text, sort int)
LANGUAGE sql IMMUTABLE AS $$ VALUES
    ('picc', '中国人民财产保险股份有限公司', '人保财险', 'PICC Property and Casualty', 1),
    ('pingan', '中国平安财产保险股份有限公司', '平安产险', 'Ping An Property & Casualty', 2),
    ('cpic', '中国太平洋财产保险股份有限公司', '太保产险', 'CPIC Property & Casualty', 3),
    ('chinalife', '中国人寿财产保险股份有限公司', '国寿财险', 'China Life P&C', 4),
    ('cicp', '中华联合财产保险股份有限公司', '中华财险', 'China United Property Insurance', 5),
    ('ccic', '中国大地财产保险股份有限公司', '大地保险', 'China Continent P&C', 6),
    ('sinosig', '阳光财产保险股份有限公司', '阳光财险', 'Sunshine Property & Casualty', 7),
    ('taiping', '太平财产保险有限公司', '太平财险', 'Taiping General Insurance', 8),
    ('tianan', '天安财产保险股份有限公司', '天安财险', 'Tian An Property Insurance', 9),
    ('huaan', '华安财产保险股份有限公司', '华安保险', 'Hua An Property Insurance', 10),
    ('yaic', '永安财产保险股份有限公司', '永安保险', 'Yong An Property Insurance', 11),
    ('alltrust', '永诚财产保险股份有限公司', '永诚保险', 'Alltrust Property Insurance', 12),
    ('yingda', '英大泰和财产保险股份有限公司', '英大财险', 'Yingda Taihe P&C', 13),
    ('axatp', '安盛天平财产保险有限公司', '安盛天平', 'AXA Tianping', 14),
    ('huatai', '华泰财产保险有限公司', '华泰财险', 'Huatai Property & Casualty', 15),
    ('zking', '紫金财产保险股份有限公司', '紫金保险', 'Zijin Property Insurance', 16),
    ('bohai', '渤海财产保险股份有限公司', '渤海财险', 'Bohai Property Insurance', 17),
    ('dubon', '都邦财产保险股份有限公司', '都邦保险', 'Dubon Property Insurance', 18),
    ('dinghe', '鼎和财产保险股份有限公司', '鼎和保险', 'Dinghe Property Insurance', 19),
    ('ancheng', '安诚财产保险股份有限公司', '安诚财险', 'Ancheng Property & Casualty', 20),
    ('guoren', '国任财产保险股份有限公司', '国任保险', 'Guoren Property & Casualty', 21),
    ('apic', '亚太财产保险有限公司', '亚太财险', 'Asia-Pacific Property & Casualty', 22),
    ('jintai', '锦泰财产保险股份有限公司', '锦泰保险', 'Jintai Property & Casualty', 23),
    ('chengtai', '诚泰财产保险股份有限公司', '诚泰保险', 'Chengtai Property & Casualty', 24),
    ('bbwic', '北部湾财产保险股份有限公司', '北部湾财险', 'Beibu Gulf Property Insurance', 25),
    ('zhongcheng', '众诚汽车保险股份有限公司', '众诚保险', 'Zhongcheng Auto Insurance', 26),
    ('changan', '长安责任保险股份有限公司', '长安责任', 'Changan Liability Insurance', 27),
    ('bocins', '中银保险有限公司', '中银保险', 'BOC Insurance', 28),
    ('taishan', '泰山财产保险股份有限公司', '泰山保险', 'Taishan Property & Casualty', 29),
    ('liberty', '利宝保险有限公司', '利宝保险', 'Liberty Mutual Insurance (China)', 30)
$$;--> statement-breakpoint
INSERT INTO "insurance_companies" ("tenant_id", "code", "name", "short_name", "name_en", "sort")
  SELECT t."id", c.code, c.name, c.short_name, c.name_en, c.sort FROM "tenants" t CROSS JOIN "insurance_companies_common"() c;--> statement-breakpoint
CREATE FUNCTION "insurance_companies_for_tenant"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "insurance_companies" ("tenant_id", "code", "name", "short_name", "name_en", "sort")
    SELECT NEW."id", c.code, c.name, c.short_name, c.name_en, c.sort FROM "insurance_companies_common"() c
    ON CONFLICT DO NOTHING;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "tenants_insurance_companies" AFTER INSERT ON "tenants"
  FOR EACH ROW EXECUTE FUNCTION "insurance_companies_for_tenant"();
