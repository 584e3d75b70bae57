import { describe, expect, it } from "vitest";
import { hashPassword, verifyAgainstDummy, verifyPassword } from "@/lib/auth/password";

const cheap = { N: 2 ** 10, r: 8, p: 1 };

describe("password hashing", () => {
  it("verifies the right password only", async () => {
    const hash = await hashPassword("correct horse battery", cheap);
    expect(hash).toMatch(/^scrypt\$1024\$8\$1\$[\w-]+\$[\w-]+$/);
    expect(await verifyPassword("correct horse battery", hash)).toBe(true);
    expect(await verifyPassword("correct horse batterY", hash)).toBe(false);
  });

  it("salts every hash", async () => {
    expect(await hashPassword("same", cheap)).not.toBe(await hashPassword("same", cheap));
  });

  it("treats composed and decomposed accents as the same password", async () => {
    const hash = await hashPassword("caf\u00e9 au lait", cheap);
    expect(await verifyPassword("cafe\u0301 au lait", hash)).toBe(true);
  });

  it("rejects malformed stored hashes instead of throwing", async () => {
    expect(await verifyPassword("x", "plain-text")).toBe(false);
    expect(await verifyPassword("x", "scrypt$0$8$1$a$b")).toBe(false);
  });

  it("has a dummy check that never matches", async () => {
    expect(await verifyAgainstDummy("dummy password that matches nothing")).toBe(false);
  });
});
