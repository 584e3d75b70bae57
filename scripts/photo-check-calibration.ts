/**
 * Calibrates the photo check of Headshot Pro and Hair Changer (issue 36, decision 25) on real
 * photos and writes what each check makes of them into README.md between the
 * photo-check-calibration markers: `npm run checks:calibrate`.
 *
 * The photos: the public-domain and CC0 examples of public/examples (scikit-image's sample
 * data), the webcam frames of tests/fixtures/photos, OpenCV's football action shot (messi5.jpg
 * from Debian's opencv-doc, read where the package is installed, else downloaded with apt-get
 * into .data/photo-check-calibration; never committed), and variants made from them with sharp:
 * blurred, darkened, downscaled, cropped, and put together.
 */
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import sharp, { type Sharp } from "sharp";
import { judgePhoto, mainFace, photoProblemCodes, type PhotoProblem } from "@/lib/generation/photo-check/judge-photo";
import { measurePhoto } from "@/lib/generation/photo-check/measure-photo";
import type { PhotoFindings } from "@/lib/generation/photo-check/photo-findings";

const examples = path.join(process.cwd(), "public/examples");
const fixtures = path.join(process.cwd(), "tests/fixtures/photos");
const cacheDir = path.join(process.cwd(), ".data/photo-check-calibration");
const opencvData = "usr/share/doc/opencv-doc/examples/data";

const example = (file: string) => readFileSync(path.join(examples, file));
const jpeg = (image: Sharp) => image.jpeg({ quality: 90 }).toBuffer();

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

/** The astronaut's portrait with the camera man's head small behind her shoulder (a face in the background). */
async function withBackgroundFace(portrait: Buffer): Promise<Buffer> {
  const head = await sharp(example("photographer-full-length.jpg")).extract({ left: 230, top: 110, width: 300, height: 300 }).resize(140).toBuffer();
  return jpeg(sharp(portrait).composite([{ input: head, left: 620, top: 30 }]));
}

/** The astronaut small in the launch pad scene, the camera man smaller beside her: a distant face among others. */
async function distantInScene(portrait: Buffer): Promise<Buffer> {
  const scene = sharp(example("rocket-launch-pad.jpg")).resize(1024);
  const person = await sharp(portrait).resize(260).toBuffer();
  const bystander = await sharp(example("photographer-full-length.jpg")).resize(120).toBuffer();
  return jpeg(scene.composite([{ input: person, left: 380, top: 300 }, { input: bystander, left: 700, top: 380 }]));
}

/** Two portraits of similar size side by side. */
async function twoPeople(portrait: Buffer): Promise<Buffer> {
  const left = await sharp(portrait).resize(500, 500).toBuffer();
  const right = await sharp(example("photographer-full-length.jpg")).extract({ left: 230, top: 110, width: 300, height: 300 }).resize(500, 500).toBuffer();
  return jpeg(
    sharp({ create: { width: 1000, height: 500, channels: 3, background: "#808080" } }).composite([
      { input: left, left: 0, top: 0 },
      { input: right, left: 500, top: 0 },
    ]),
  );
}

/** The calibration photos, each with what a person would say of it. */
async function calibrationPhotos(): Promise<Array<{ name: string; bytes: Buffer }>> {
  const portrait = example("astronaut-portrait.jpg");
  const webcam = (second: string) => readFileSync(path.join(fixtures, `webcam-eriberto-${second}.jpg`));
  const photos: Array<[string, Promise<Buffer> | Buffer]> = [
    ["astronaut portrait", portrait],
    ["astronaut, head close", example("astronaut-hair.jpg")],
    ["camera man, full length, head turned", example("photographer-full-length.jpg")],
    ["webcam 0.5 s (280 px)", webcam("05")],
    ["webcam 4.5 s (280 px)", webcam("45")],
    ["webcam 8.0 s (280 px)", webcam("80")],
    ["football action shot (OpenCV messi5)", opencvSample("messi5.jpg")],
    ["cat", example("chelsea-the-cat.jpg")],
    ["rocket, no person", example("rocket-launch-pad.jpg")],
    ["portrait, blurred 1.5 px", jpeg(sharp(portrait).blur(1.5))],
    ["portrait, blurred 3 px", jpeg(sharp(portrait).blur(3))],
    ["portrait, blurred 5 px", jpeg(sharp(portrait).blur(5))],
    ["portrait, blurred 6.5 px", jpeg(sharp(portrait).blur(6.5))],
    ["portrait, blurred 8 px", jpeg(sharp(portrait).blur(8))],
    ["webcam 4.5 s, blurred 2 px", jpeg(sharp(webcam("45")).blur(2))],
    ["portrait, dark", jpeg(sharp(portrait).linear(0.25, 0))],
    ["portrait at 400 px", jpeg(sharp(portrait).resize(400))],
    ["portrait at 240 px", jpeg(sharp(portrait).resize(240))],
    ["portrait at 160 px", jpeg(sharp(portrait).resize(160))],
    ["portrait cut at the left cheek", jpeg(sharp(portrait).extract({ left: 305, top: 0, width: 495, height: 800 }))],
    ["portrait cut at the chin", jpeg(sharp(portrait).extract({ left: 0, top: 0, width: 800, height: 280 }))],
    ["portrait cut at the forehead", jpeg(sharp(portrait).extract({ left: 0, top: 125, width: 800, height: 675 }))],
    ["portrait cropped tight, face whole", jpeg(sharp(portrait).extract({ left: 230, top: 60, width: 250, height: 260 }))],
    ["portrait, small face in the background", withBackgroundFace(portrait)],
    ["two people side by side", twoPeople(portrait)],
    ["distant person in a scene, a smaller one beside", distantInScene(portrait)],
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
    const problems = judgePhoto("headshot_pro", findings, { localEngine: true });
    rows.push(measuresRow(name, findings, problems));
    names.push(name);
    for (const problem of problems) byCheck.get(problem.code)?.[problem.blocking ? "refuses" : "warns"].push(name);
  }
  const checked = ["noFace", "severalFaces", "faceTooSmall", "faceCutOff", "notFrontal", "tooDark", "tooBlurry"] as const;
  const list = (items: string[]) => (items.length > 0 ? items.join("; ") : "–");
  const table = [
    "Headshot Pro on the local engine (Hair Changer only warns about several faces). Measures of the main face: height forehead to chin in pixels of the",
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
