import { defineConfig } from "drizzle-kit";

/**
 * Used by `npm run db:generate` only: migrations are generated from db/schema into drizzle/
 * and applied by the app itself (db/client.ts), so no database credentials are needed here.
 * Column names are written out in snake_case in the schema, hence no `casing` option.
 */
export default defineConfig({
  dialect: "postgresql",
  schema: "./db/schema/index.ts",
  out: "./drizzle",
  strict: true,
  verbose: true,
});
