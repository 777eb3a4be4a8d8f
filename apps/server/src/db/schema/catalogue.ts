import { integer, pgTable, text } from 'drizzle-orm/pg-core';

/** Menus of the permission catalogue, synced from @fleetdesk/contracts/permissions at start. Platform table. */
export const sysMenus = pgTable('sys_menus', {
  code: text('code').primaryKey(),
  parentCode: text('parent_code'),
  path: text('path').notNull(),
  titleZh: text('title_zh').notNull(),
  titleEn: text('title_en').notNull(),
  icon: text('icon').notNull(),
  sort: integer('sort').notNull(),
});

/** Button-level codes (`menu:action`) of the catalogue. Platform table. */
export const sysElements = pgTable('sys_elements', {
  code: text('code').primaryKey(),
  menuCode: text('menu_code')
    .notNull()
    .references(() => sysMenus.code),
  titleZh: text('title_zh').notNull(),
  titleEn: text('title_en').notNull(),
  sort: integer('sort').notNull(),
});
