import { sql } from "drizzle-orm";
import { boolean, check, index, integer, pgTable, real, smallint, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { generationImages, generations } from "./generations";

/**
 * The likeness guard's checks (decision 24): one row per image an engine returned for a job
 * whose results show the user (Headshot Pro, Hair Changer, Body Shaper and edits of their
 * images), its first check and, when that failed, the check of the image made again in its
 * place. The similarity score is for the operator's reports (`npm run report:costs`), never
 * shown to the user; the results pages say in words how many images were made again and how
 * many could not be delivered. Written with the job's outcome, once per job and position.
 */

const timestamptz = (name: string) => timestamp(name, { withTimezone: true, mode: "date" });

export const likenessVerdictValues = ["passed", "noFace", "severalFaces", "notSamePerson", "unchecked"] as const;
export type LikenessCheckVerdict = (typeof likenessVerdictValues)[number];

export const likenessChecks = pgTable(
  "likeness_checks",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    generationId: uuid("generation_id")
      .notNull()
      .references(() => generations.id, { onDelete: "cascade" }),
    /** The image's place in the job as ordered (0-based), the same for its first image and its remake. */
    position: integer("position").notNull(),
    /** 1: the engine's first image for this position; 2: the one made again after it failed. */
    attempt: smallint("attempt").notNull(),
    verdict: text("verdict").$type<LikenessCheckVerdict>().notNull(),
    /** Identity similarity to the user's photo (0..1); null when there was no face to compare. */
    score: real("score"),
    /** Faces of note found in the image; null when the user's photo had none to compare with. */
    faces: smallint("faces"),
    /** Whether this image was delivered (then `image_id` is its row while it exists). */
    delivered: boolean("delivered").notNull().default(false),
    imageId: uuid("image_id").references(() => generationImages.id, { onDelete: "set null" }),
    createdAt: timestamptz("created_at").notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("likeness_checks_generation_position_attempt_key").on(t.generationId, t.position, t.attempt),
    index("likeness_checks_created_at_idx").on(t.createdAt),
    check("likeness_checks_attempt_known", sql`${t.attempt} in (1, 2)`),
    check("likeness_checks_verdict_known", sql`${t.verdict} in ('passed', 'noFace', 'severalFaces', 'notSamePerson', 'unchecked')`),
  ],
);

export type LikenessCheck = typeof likenessChecks.$inferSelect;
export type NewLikenessCheck = typeof likenessChecks.$inferInsert;
