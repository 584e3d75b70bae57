import { sql } from "drizzle-orm";
import {
  bigint,
  index,
  integer,
  pgEnum,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";

/**
 * Accounts and sign-in. The first four tables are the ones @auth/drizzle-adapter works with:
 * their property names (id, emailVerified, providerAccountId, refresh_token, ...) are what the
 * adapter reads, while the database columns are snake_case like the rest of the schema.
 */

const createdAt = () => timestamp("created_at", { withTimezone: true, mode: "date" }).notNull().defaultNow();

export const users = pgTable(
  "users",
  {
    id: text("id")
      .primaryKey()
      .default(sql`gen_random_uuid()::text`),
    name: text("name"),
    /** Stored lower-cased by our sign-up; the unique index ignores case either way. */
    email: text("email").notNull(),
    emailVerified: timestamp("email_verified", { withTimezone: true, mode: "date" }),
    image: text("image"),
    /** Null for accounts that only sign in through an OAuth provider. Never sent to a client. */
    passwordHash: text("password_hash"),
    firstName: text("first_name"),
    lastName: text("last_name"),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("users_email_lower_key").on(sql`lower(${t.email})`),
    // The adapter looks users up with `email = $1`, which the expression index cannot serve.
    index("users_email_idx").on(t.email),
  ],
);

export const accounts = pgTable(
  "accounts",
  {
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** "oauth" | "oidc" | "email" | "webauthn" (Auth.js AdapterAccountType). */
    type: text("type").notNull(),
    provider: text("provider").notNull(),
    providerAccountId: text("provider_account_id").notNull(),
    refresh_token: text("refresh_token"),
    access_token: text("access_token"),
    expires_at: integer("expires_at"),
    token_type: text("token_type"),
    scope: text("scope"),
    id_token: text("id_token"),
    session_state: text("session_state"),
  },
  (t) => [
    primaryKey({ name: "accounts_pkey", columns: [t.provider, t.providerAccountId] }),
    index("accounts_user_id_idx").on(t.userId),
  ],
);

/**
 * One row per signed-in session (lib/auth/server-sessions.ts): the session cookie is a JWT that
 * names its row, keyed by the hash of its id, and stops working once the row is gone. The
 * adapter's database sessions would use the same table; with JWT sessions it leaves it alone.
 */
export const sessions = pgTable(
  "sessions",
  {
    sessionToken: text("session_token").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    expires: timestamp("expires", { withTimezone: true, mode: "date" }).notNull(),
  },
  (t) => [index("sessions_user_id_idx").on(t.userId)],
);

/** Auth.js magic-link tokens (unused unless an email provider is enabled). */
export const verificationTokens = pgTable(
  "verification_tokens",
  {
    identifier: text("identifier").notNull(),
    token: text("token").notNull(),
    expires: timestamp("expires", { withTimezone: true, mode: "date" }).notNull(),
  },
  (t) => [primaryKey({ name: "verification_tokens_pkey", columns: [t.identifier, t.token] })],
);

export const authTokenPurposes = ["confirm", "reset", "signin"] as const;
export type AuthTokenPurpose = (typeof authTokenPurposes)[number];
export const authTokenPurposeEnum = pgEnum("auth_token_purpose", authTokenPurposes);

/**
 * Our own one-time links: email confirmation, password reset and sign-in by email. Only a hash
 * of the token is stored, so a leaked table cannot be used to take over accounts.
 */
export const authTokens = pgTable(
  "auth_tokens",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    purpose: authTokenPurposeEnum("purpose").notNull(),
    tokenHash: text("token_hash").notNull().unique("auth_tokens_token_hash_key"),
    expiresAt: timestamp("expires_at", { withTimezone: true, mode: "date" }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true, mode: "date" }),
    createdAt: createdAt(),
  },
  (t) => [index("auth_tokens_user_id_purpose_idx").on(t.userId, t.purpose)],
);

/**
 * One row per sign-in (or reset) attempt; the limiter counts rows for a key (for example
 * "signin:ip:1.2.3.4" or "signin:email:a@b.c") inside a time window. Old rows are pruned.
 */
export const authAttempts = pgTable(
  "auth_attempts",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    key: text("key").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index("auth_attempts_key_created_at_idx").on(t.key, t.createdAt),
    index("auth_attempts_created_at_idx").on(t.createdAt),
  ],
);

export type User = typeof users.$inferSelect;
export type NewUser = typeof users.$inferInsert;
export type Account = typeof accounts.$inferSelect;
export type Session = typeof sessions.$inferSelect;
export type VerificationToken = typeof verificationTokens.$inferSelect;
export type AuthToken = typeof authTokens.$inferSelect;
export type NewAuthToken = typeof authTokens.$inferInsert;
export type AuthAttempt = typeof authAttempts.$inferSelect;
