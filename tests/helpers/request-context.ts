import type { Database } from "@/db/client";
import type { ObjectStorage } from "@/lib/storage/types";

/**
 * What server actions and route handlers resolve per request (the signed-in user, the database,
 * the storage), as integration tests set it. A test file mocks the modules with the stand-ins
 * below, e.g. `vi.mock("@/db", () => import("@/tests/helpers/request-context").then((m) => m.dbModule))`
 * (vi.mock is hoisted above imports, so its factory imports them), and sets `requestContext`.
 */
export const requestContext = {
  /** For actions, through lib/auth/session. */
  user: null as { id: string; email: string } | null,
  /** For route handlers, through lib/api/current-user-id. */
  userId: null as string | null,
  db: undefined as Database | undefined,
  storage: undefined as ObjectStorage | undefined,
};

export const sessionModule = { getSessionUser: async () => requestContext.user };
export const currentUserIdModule = { currentUserId: async () => requestContext.userId };
export const dbModule = {
  getDb: () => {
    if (!requestContext.db) throw new Error("no database");
    return requestContext.db;
  },
};
export const storageModule = {
  getStorage: () => {
    if (!requestContext.storage) throw new Error("no storage");
    return requestContext.storage;
  },
};
