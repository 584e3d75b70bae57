// Some registry mirrors serve only the Linux builds of packages that ship one binary package
// per platform (Next.js SWC, sharp, Tailwind's oxide, Rollup, ...). npm then writes a lockfile
// without the other platforms' optional packages, and `npm ci` rejects it everywhere as out of
// sync. This adds the missing optional entries (version, os, cpu: enough for npm to skip them
// on other platforms and to fetch them where they apply). Run it after `npm install` changes
// the lockfile: `node scripts/lockfile-platform-packages.mjs`.
import { spawnSync } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";

const dryRun = spawnSync("npm", ["ci", "--dry-run", "--ignore-scripts", "--no-audit", "--no-fund"], { encoding: "utf8" });
const missing = [...`${dryRun.stdout}${dryRun.stderr}`.matchAll(/Missing: (\S+)@\S* from lock file/g)].map((m) => m[1]);
if (missing.length === 0) {
  console.log("package-lock.json already lists every platform package.");
  process.exit(0);
}

const operatingSystems = ["darwin", "win32", "linux", "freebsd", "openbsd", "netbsd", "android", "openharmony", "sunos", "aix"];
const cpus = ["arm64", "x64", "ia32", "arm", "ppc64", "s390x", "riscv64", "loong64", "wasm32"];
const lock = JSON.parse(readFileSync("package-lock.json", "utf8"));
const entries = Object.values(lock.packages);

for (const name of missing) {
  const wanted = entries.map((entry) => entry.optionalDependencies?.[name]).find(Boolean);
  if (!wanted) throw new Error(`No package in the lockfile asks for ${name}`);
  const os = operatingSystems.find((candidate) => name.includes(candidate));
  const cpu = cpus.find((candidate) => new RegExp(`[-_]${candidate}([-_]|$)`).test(name));
  lock.packages[`node_modules/${name}`] = {
    version: wanted.replace(/^[\^~=]/, ""),
    optional: true,
    ...(os ? { os: [os] } : {}),
    ...(cpu ? { cpu: [cpu] } : {}),
  };
}
writeFileSync("package-lock.json", `${JSON.stringify(lock, null, 2)}\n`);
console.log(`Added ${missing.length} optional platform packages to package-lock.json.`);
