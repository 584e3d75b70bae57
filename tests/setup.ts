// One setup file for every Vitest project: tests never touch the developer's own data folder.
import os from "node:os";
import path from "node:path";
import { mkdtempSync } from "node:fs";

process.env.DATA_DIR = mkdtempSync(path.join(os.tmpdir(), "vitest-data-"));
// Generation tests run on the fast preview engine unless they choose one; the local engine's own
// tests pass it explicitly (tests/integration/local-engine).
process.env.IMAGE_ENGINE ??= "preview";
