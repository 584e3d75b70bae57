/**
 * Calibrates the photo check of Headshot Pro and Hair Changer (issue 36, decision 25) on real
 * photos and writes what each check makes of them into README.md between the
 * photo-check-calibration markers: `npm run checks:calibrate`.
 *
 * The photos: the public-domain and CC0 examples of public/examples (scikit-image's sample
 * data), the webcam frames of tests/fixtures/photos, OpenCV's football action shot (messi5.jpg
 * from Debian's opencv-doc, read where the package is installed, else downloaded with apt-get;
 * never committed), and variants made from them with sharp
 * (tests/helpers/real-photos.ts, which the tests of the checks use too): blurred, darkened,
 * downscaled, cropped, put together, and wearing glasses drawn over the eyes (dark or brown
 * sunglasses, or clear glasses), as no public-domain photo of a face in sunglasses ships in a
 * package we can use. The eye check is also measured on every face of dlib's example photos
 * (Debian's libdlib19.1: 55 portraits of five men, and group photos), all with their eyes in view.
 */
import { judgePhoto, mainFace, photoProblemCodes, photoThresholds, type PhotoProblem } from "@/lib/generation/photo-check/judge-photo";
import { measurePhoto } from "@/lib/generation/photo-check/measure-photo";
import type { PhotoFindings } from "@/lib/generation/photo-check/photo-findings";
import { quantile } from "@/lib/vision/quantile";
import { blurred, cropped, darkened, downscaled, fixturePhoto, portraitCrops, realPhotos, wearingGlasses } from "@/tests/helpers/real-photos";
import { dlibFacePhotos, dlibJohns, opencvSample } from "./lib/calibration-photos";
import { replaceReadmeSection } from "./lib/readme-section";

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
    ["portrait in dark sunglasses", wearingGlasses("portrait", "dark")],
    ["portrait in brown sunglasses", wearingGlasses("portrait", "brown")],
    ["portrait in clear glasses", wearingGlasses("portrait", "clear")],
    ["head close in dark sunglasses", wearingGlasses("headClose", "dark")],
    ["head close in brown sunglasses", wearingGlasses("headClose", "brown")],
    ["head close in clear glasses", wearingGlasses("headClose", "clear")],
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
        face.eyeLight === null ? "–" : face.eyeLight.toFixed(2),
      ]
    : [`${findings.faces.length}`, "–", "–", "–", "–", "–", "–"];
  return `| ${name} | ${findings.width}×${findings.height} | ${cells.join(" | ")} | ${verdictOf(problems)} |`;
}

/** A photo of dlib's, measured once for the tables below. */
interface RealPhoto {
  name: string;
  bytes: Buffer;
  findings: PhotoFindings;
}

/** dlib's 55 portraits of five men and its group photos, all with their eyes in view, each measured once. */
async function measureRealPhotos(): Promise<{ portraits: RealPhoto[]; groups: RealPhoto[] }> {
  const measured = async (name: string, bytes: Buffer) => ({ name, bytes, findings: await measurePhoto(bytes, { pose: false }) });
  const portraits: RealPhoto[] = [];
  for (const { person, file, bytes } of await dlibJohns()) portraits.push(await measured(`${person}/${file}`, bytes));
  const groups: RealPhoto[] = [];
  for (const { file, bytes } of dlibFacePhotos()) groups.push(await measured(file, bytes));
  return { portraits, groups };
}

/**
 * The eye measure on every confident face of dlib's photos, none of them behind sunglasses:
 * where open eyes lie against the threshold and the sunglasses drawn on the astronaut.
 */
function eyesOnRealFaces(photos: readonly RealPhoto[]): string {
  const measured = photos.flatMap(({ name, findings }) =>
    findings.faces
      .filter((face) => face.detectorScore >= photoThresholds.minDetectorScore)
      .flatMap((face) => (face.eyeLight === null ? [] : [{ name, eyeLight: face.eyeLight, height: face.height }])),
  );
  const judged = measured.filter((face) => face.height >= photoThresholds.comfortableFaceHeight);
  const summary = (faces: typeof measured) => {
    const values = faces.map((face) => face.eyeLight);
    const at = (share: number) => quantile(values, share).toFixed(2);
    const refused = values.filter((value) => value < photoThresholds.minEyeLight).length;
    return `${values.length} | ${at(0)} | ${at(0.05)} | ${at(0.5)} | ${refused}`;
  };
  const lowest = [...measured].sort((a, b) => a.eyeLight - b.eyeLight).slice(0, 3);
  return [
    `Eyes in view on real faces (dlib's example photos, no sunglasses), against the eye threshold ${photoThresholds.minEyeLight}:`,
    "",
    "| Faces | Count | Min | 5th pct | Median | Below the threshold |",
    "| --- | --- | --- | --- | --- | --- |",
    `| every confident face | ${summary(measured)} |`,
    `| faces of 110 px and more (the ones judged) | ${summary(judged)} |`,
    "",
    `Lowest: ${lowest.map((face) => `${face.eyeLight.toFixed(2)} ${face.name} (${Math.round(face.height)} px)`).join("; ")}.`,
  ].join("\n");
}

/**
 * The sharpness measure on dlib's 55 portraits (press photos cut to 150 px, some enlarged from
 * smaller ones, so of every focus), as they are and blurred by sharp: how many of each the
 * check accepts, warns about and refuses.
 */
async function sharpnessOnRealFaces(portraits: readonly RealPhoto[]): Promise<string> {
  const rows: string[] = [];
  for (const sigma of [0, 1.5, 3]) {
    const values: number[] = [];
    for (const { bytes, findings } of portraits) {
      const face = mainFace(sigma > 0 ? await measurePhoto(await blurred(bytes, sigma), { pose: false }) : findings);
      if (face) values.push(face.sharpness);
    }
    const at = (share: number) => Math.round(quantile(values, share));
    const refused = values.filter((value) => value < photoThresholds.minSharpness).length;
    const warned = values.filter((value) => value >= photoThresholds.minSharpness && value < photoThresholds.comfortableSharpness).length;
    const label = sigma > 0 ? `blurred ${sigma} px` : "as they are";
    rows.push(`| ${label} | ${values.length} | ${at(0)} | ${at(0.05)} | ${at(0.5)} | ${at(0.95)} | ${values.length - refused - warned} | ${warned} | ${refused} |`);
  }
  return [
    `Sharpness on real faces (dlib's 55 portraits of five men, faces about 137 px high), against warning under ${photoThresholds.comfortableSharpness} and refusal under ${photoThresholds.minSharpness}:`,
    "",
    "| Portraits | Faces | Min | 5th pct | Median | 95th pct | Accepted | Warned | Refused |",
    "| --- | --- | --- | --- | --- | --- | --- | --- | --- |",
    ...rows,
  ].join("\n");
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
  const checked = ["noFace", "severalFaces", "faceTooSmall", "faceCutOff", "notFrontal", "tooDark", "tooBlurry", "eyesHidden"] as const;
  const list = (items: string[]) => (items.length > 0 ? items.join("; ") : "–");
  const table = [
    "Headshot Pro on any engine but the preview (Hair Changer is judged the same). Measures of the main face: height forehead to chin in pixels of the",
    "photo as analysed (at most 1024 px a side), share of its outline outside the photo, head turn / nod in degrees, mean luma, sharpness,",
    "light of the eyes over the skin's (judged on faces of 110 px and more).",
    "",
    "| Photo | Analysed at | Faces found | Face height | Outside | Yaw / pitch | Light | Sharpness | Eyes | Verdict |",
    "| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |",
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
  const { portraits, groups } = await measureRealPhotos();
  const text = [table, await sharpnessOnRealFaces(portraits), eyesOnRealFaces([...portraits, ...groups])].join("\n\n");
  console.log(text);
  replaceReadmeSection("photo-check-calibration", text);
  console.log("\nREADME.md updated.");
  process.exit(0);
}

void main();
