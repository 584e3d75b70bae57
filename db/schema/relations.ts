import { relations } from "drizzle-orm";
import { accounts, authTokens, sessions, users } from "./auth";
import { creditLedger, profiles, purchases } from "./billing";
import { generationImages, generations } from "./generations";

/** Relations for the `db.query` API; they add no constraints of their own. */
export const usersRelations = relations(users, ({ one, many }) => ({
  profile: one(profiles, { fields: [users.id], references: [profiles.userId] }),
  accounts: many(accounts),
  sessions: many(sessions),
  authTokens: many(authTokens),
  generations: many(generations),
  purchases: many(purchases),
  creditLedger: many(creditLedger),
}));

export const accountsRelations = relations(accounts, ({ one }) => ({
  user: one(users, { fields: [accounts.userId], references: [users.id] }),
}));

export const sessionsRelations = relations(sessions, ({ one }) => ({
  user: one(users, { fields: [sessions.userId], references: [users.id] }),
}));

export const authTokensRelations = relations(authTokens, ({ one }) => ({
  user: one(users, { fields: [authTokens.userId], references: [users.id] }),
}));

export const profilesRelations = relations(profiles, ({ one }) => ({
  user: one(users, { fields: [profiles.userId], references: [users.id] }),
}));

export const purchasesRelations = relations(purchases, ({ one }) => ({
  user: one(users, { fields: [purchases.userId], references: [users.id] }),
  generation: one(generations, { fields: [purchases.generationId], references: [generations.id] }),
}));

export const creditLedgerRelations = relations(creditLedger, ({ one }) => ({
  user: one(users, { fields: [creditLedger.userId], references: [users.id] }),
  generation: one(generations, { fields: [creditLedger.generationId], references: [generations.id] }),
  purchase: one(purchases, { fields: [creditLedger.purchaseId], references: [purchases.id] }),
}));

export const generationsRelations = relations(generations, ({ one, many }) => ({
  user: one(users, { fields: [generations.userId], references: [users.id] }),
  images: many(generationImages, { relationName: "generationImages" }),
  parentImage: one(generationImages, {
    fields: [generations.parentImageId],
    references: [generationImages.id],
    relationName: "editsOfImage",
  }),
}));

export const generationImagesRelations = relations(generationImages, ({ one, many }) => ({
  generation: one(generations, {
    fields: [generationImages.generationId],
    references: [generations.id],
    relationName: "generationImages",
  }),
  user: one(users, { fields: [generationImages.userId], references: [users.id] }),
  sourceImage: one(generationImages, {
    fields: [generationImages.sourceImageId],
    references: [generationImages.id],
    relationName: "imageSource",
  }),
  derivedImages: many(generationImages, { relationName: "imageSource" }),
  edits: many(generations, { relationName: "editsOfImage" }),
}));
