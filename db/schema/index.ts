/** The whole database schema, split by domain; db/client.ts passes this module to drizzle. */
export * from "./auth";
export * from "./billing";
export * from "./generations";
export * from "./engine-predictions";
export * from "./likeness-checks";
export * from "./examples";
export * from "./orders";
export * from "./relations";
