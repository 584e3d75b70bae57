import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, readdirSync } from "node:fs";
import path from "node:path";

/**
 * A file or folder of a Debian package, for the calibration scripts' sample photos (OpenCV's and
 * dlib's example data): where the package is installed, else from the package downloaded with
 * `apt-get download` and unpacked into .data/debian-packages/<package> (never committed).
 */
export function debianPackageFile(packageName: string, relativePath: string): string {
  const installed = path.join("/", relativePath);
  if (existsSync(installed)) return installed;
  const cacheDir = path.join(process.cwd(), ".data/debian-packages");
  const extracted = path.join(cacheDir, packageName);
  if (!existsSync(extracted)) {
    mkdirSync(cacheDir, { recursive: true });
    execFileSync("apt-get", ["download", packageName], { cwd: cacheDir, stdio: "inherit" });
    const deb = readdirSync(cacheDir).find((file) => file.startsWith(`${packageName}_`) && file.endsWith(".deb"));
    if (!deb) throw new Error(`apt-get download ${packageName} left no .deb`);
    execFileSync("dpkg-deb", ["-x", path.join(cacheDir, deb), extracted]);
  }
  const unpacked = path.join(extracted, relativePath);
  if (!existsSync(unpacked)) throw new Error(`${packageName} has no ${relativePath}`);
  return unpacked;
}
