import { boolean, index, integer, pgTable, serial, text } from "drizzle-orm/pg-core";

/** The home page's examples gallery (spec §3). Seeded at start when empty; image_url is unique so seeding is idempotent. */
export const examples = pgTable(
  "examples",
  {
    id: serial("id").primaryKey(),
    title: text("title").notNull(),
    /** One of the tool labels: "Headshot Pro", "AI Product", "Hair Changer", "Body Shaper". */
    category: text("category").notNull(),
    imageUrl: text("image_url").notNull().unique("examples_image_url_key"),
    isActive: boolean("is_active").notNull().default(true),
    sortOrder: integer("sort_order").notNull().default(0),
  },
  (t) => [index("examples_active_sort_order_idx").on(t.isActive, t.sortOrder)],
);

export type Example = typeof examples.$inferSelect;
export type NewExample = typeof examples.$inferInsert;
