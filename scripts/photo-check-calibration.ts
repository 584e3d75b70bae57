/**
 * Calibrates the photo check of Headshot Pro and Hair Changer (issue 36, decision 25) on real
 * photos and writes what each check makes of them into README.md between the
 * photo-check-calibration markers: `npm run checks:calibrate`.
 *
 * The photos: the public-domain and CC0 examples of public/examples (scikit-image's sample
 * data), the webcam frames of tests/fixtures/photos, OpenCV's football action shot (messi5.jpg
 * from Debian's opencv-doc, read where the package is installed, else downloaded with apt-get
 * into .data/photo-check-calibration; never committed), and variants made from them with sharp
 * (tests/helpers/real-photos.ts, which the tests of the checks use too): blurred, darkened,
 * downscaled, cropped, and put together.
 */
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { judgePhoto, mainFace, photoProblemCodes, type PhotoProblem } from "@/lib/generation/photo-check/judge-photo";
import { measurePhoto } from "@/lib/generation/photo-check/measure-photo";
import type { PhotoFindings } from "@/lib/generation/photo-check/photo-findings";
import { blurred, cropped, darkened, downscaled, fixturePhoto, portraitCrops, realPhotos } from "@/tests/helpers/real-photos";

const cacheDir = path.join(process.cwd(), ".data/photo-check-calibration");
const opencvData = "usr/share/doc/opencv-doc/examples/data";

/** OpenCV's sample photo `file`, from the installed opencv-doc package or its downloaded .deb. */
function opencvSample(file: string): Buffer {
  const installed = path.join("/", opencvData, file);
  if (existsSync(installed)) return readFileSync(installed);
  const extracted = path.join(cacheDir, "opencv-doc");
  if (!existsSync(path.join(extracted, opencvData, file))) {
    mkdirSync(cacheDir, { recursive: true });
    execFileSync("apt-get", ["download", "opencv-doc"], { cwd: cacheDir, stdio: "inherit" });
    const deb = readdirSync(cacheDir).find((name) => name.startsWith("opencv-doc_") && name.endsWith(".deb"));
    if (!deb) throw new Error("apt-get download opencv-doc left no .deb");
    execFileSync("dpkg-deb", ["-x", path.join(cacheDir, deb), extracted]);
  }
  return readFileSync(path.join(extracted, opencvData, file));
}

/** The calibration photos, named as a person would describe them. */
async function calibrationPhotos(): Promise<Array<{ name: string; bytes: Buffer }>> {
  const portrait = await realPhotos.portrait();
  const webcam = (second: string) => fixturePhoto(`webcam-eriberto-${second}`);
  const photos: Array<[string, Promise<Buffer> | Buffer]> = [
    ["astronaut portrait", portrait],
    ["astronaut, head close", realPhotos.headClose()],
    ["camera man, full length, head turned", realPhotos.fullLength()],
    ["webcam 0.5 s (280 px)", webcam("05")],
    ["webcam 4.5 s (280 px)", webcam("45")],
    ["webcam 8.0 s (280 px)", webcam("80")],
    ["football action shot (OpenCV messi5)", opencvSample("messi5.jpg")],
    ["cat", realPhotos.cat()],
    ["rocket, no person", realPhotos.noPerson()],
    ["portrait, blurred 1.5 px", blurred(portrait, 1.5)],
    ["portrait, blurred 3 px", blurred(portrait, 3)],
    ["portrait, blurred 5 px", blurred(portrait, 5)],
    ["portrait, blurred 6.5 px", blurred(portrait, 6.5)],
    ["portrait, blurred 8 px", blurred(portrait, 8)],
    ["webcam 4.5 s, blurred 2 px", blurred(await webcam("45"), 2)],
    ["portrait, dark", darkened(portrait)],
    ["portrait at 400 px", downscaled(portrait, 400)],
    ["portrait at 240 px", downscaled(portrait, 240)],
    ["portrait at 160 px", downscaled(portrait, 160)],
    ["portrait cut at the left cheek", cropped(portrait, portraitCrops.cutAtLeftCheek)],
    ["portrait cut at the chin", cropped(portrait, portraitCrops.cutAtChin)],
    ["portrait cut at the forehead", cropped(portrait, portraitCrops.cutAtForehead)],
    ["portrait cropped tight, face whole", cropped(portrait, portraitCrops.tightButWhole)],
    ["portrait, small face in the background", realPhotos.faceInBackground()],
    ["two people side by side", realPhotos.groupOfTwo()],
    ["distant person in a scene, a smaller one beside", realPhotos.distantInScene()],
  ];
  return Promise.all(photos.map(async ([name, bytes]) => ({ name, bytes: await bytes })));
}

const round = (value: number | null) => (value === null ? "–" : String(Math.round(value)));

function verdictOf(problems: PhotoProblem[]): string {
  if (problems.length === 0) return "accepted";
  return problems.map((problem) => `${problem.code} (${problem.blocking ? "refused" : "warning"})`).join(", ");
}

function measuresRow(name: string, findings: PhotoFindings, problems: PhotoProblem[]): string {
  const face = mainFace(findings);
  const cells = face
    ? [
        `${findings.faces.length}`,
        round(face.height),
        face.outsideShare > 0 ? `${Math.round(face.outsideShare * 100)}%` : "0",
        `${round(face.yaw)} / ${round(face.pitch)}`,
        round(face.brightness),
        round(face.sharpness),
      ]
    : [`${findings.faces.length}`, "–", "–", "–", "–", "–"];
  return `| ${name} | ${findings.width}×${findings.height} | ${cells.join(" | ")} | ${verdictOf(problems)} |`;
}

async function main() {
  const rows: string[] = [];
  const byCheck = new Map(photoProblemCodes.map((code) => [code, { warns: [] as string[], refuses: [] as string[] }]));
  const names: string[] = [];
  for (const { name, bytes } of await calibrationPhotos()) {
    const findings = await measurePhoto(bytes, { pose: false });
    const problems = judgePhoto("headshot_pro", findings, { refuses: true });
    rows.push(measuresRow(name, findings, problems));
    names.push(name);
    for (const problem of problems) byCheck.get(problem.code)?.[problem.blocking ? "refuses" : "warns"].push(name);
  }
  const checked = ["noFace", "severalFaces", "faceTooSmall", "faceCutOff", "notFrontal", "tooDark", "tooBlurry"] as const;
  const list = (items: string[]) => (items.length > 0 ? items.join("; ") : "–");
  const table = [
    "Headshot Pro on any engine but the preview (Hair Changer is judged the same). Measures of the main face: height forehead to chin in pixels of the",
    "photo as analysed (at most 1024 px a side), share of its outline outside the photo, head turn / nod in degrees, mean luma, sharpness.",
    "",
    "| Photo | Analysed at | Faces found | Face height | Outside | Yaw / pitch | Light | Sharpness | Verdict |",
    "| --- | --- | --- | --- | --- | --- | --- | --- | --- |",
    ...rows,
    "",
    "| Check | Warns | Refuses | Accepts |",
    "| --- | --- | --- | --- |",
    ...checked.map((code) => {
      const { warns, refuses } = byCheck.get(code) ?? { warns: [], refuses: [] };
      const accepts = names.filter((name) => !warns.includes(name) && !refuses.includes(name));
      return `| ${code} | ${list(warns)} | ${list(refuses)} | ${accepts.length} of ${names.length} photos |`;
    }),
  ].join("\n");
  console.log(table);

  const readmePath = path.join(process.cwd(), "README.md");
  const readme = readFileSync(readmePath, "utf8");
  const startMarker = "<!-- photo-check-calibration:start -->";
  const endMarker = "<!-- photo-check-calibration:end -->";
  const start = readme.indexOf(startMarker);
  const end = readme.indexOf(endMarker);
  if (start < 0 || end < start) throw new Error(`README.md has no ${startMarker} ... ${endMarker} section`);
  writeFileSync(readmePath, `${readme.slice(0, start + startMarker.length)}\n${table}\n${readme.slice(end)}`);
  console.log("\nREADME.md updated.");
  process.exit(0);
}

void main();
