import { readFile } from "node:fs/promises";
import path from "node:path";
import sharp from "sharp";

/**
 * Real photographs for the vision tests, all public domain or CC0 (public/examples/LICENSE.md):
 * never drawings made by the tests. Some are put together at run time from those photos: the
 * group photo puts two real portraits side by side (no public-domain group photo ships in a
 * package we can use), the distant person and the face in the background place one portrait
 * small in another photo, and the product on a plain background is the space shuttle model
 * standing before the studio backdrop of NASA's astronaut portrait.
 */

const examples = path.join(process.cwd(), "public/examples");
const example = (file: string) => readFile(path.join(examples, file));

export const realPhotos = {
  /** NASA's portrait of astronaut Eileen Collins: one face, head and shoulders. */
  portrait: () => example("astronaut-portrait.jpg"),
  /** The same portrait cropped to her head: a face filling the frame. */
  headClose: () => example("astronaut-hair.jpg"),
  /** Lav Varshney's camera man (CC0): one person, full length, face partly behind the camera. */
  fullLength: () => example("photographer-full-length.jpg"),
  /** Stefan van der Walt's cat Chelsea (CC0): a face, but not a person's. */
  cat: () => example("chelsea-the-cat.jpg"),
  /** SpaceX's Falcon 9 on the launch pad: no person at all. */
  noPerson: () => example("rocket-launch-pad.jpg"),
  /** Rachel Michetti's espresso cup (CC0) on a wooden table: a product on a busy background. */
  productOnBusyBackground: () => example("espresso-cup.jpg"),
  /** The space shuttle model of the astronaut portrait before its plain grey studio backdrop. */
  productOnPlainBackground: async () =>
    sharp(await example("astronaut-portrait.jpg")).extract({ left: 545, top: 0, width: 230, height: 400 }).jpeg({ quality: 92 }).toBuffer(),
  /** Two real portraits side by side: the astronaut and the camera man's head and shoulders. */
  groupOfTwo: async () => {
    const left = await sharp(await example("astronaut-portrait.jpg")).resize(500, 500).toBuffer();
    const right = await cameraManHead(500);
    return sharp({ create: { width: 1000, height: 500, channels: 3, background: "#808080" } })
      .composite([
        { input: left, left: 0, top: 0 },
        { input: right, left: 500, top: 0 },
      ])
      .jpeg({ quality: 92 })
      .toBuffer();
  },
  /** The astronaut small in the launch pad scene (her face about 50 px high), the camera man smaller beside her. */
  distantInScene: async () => {
    const person = await sharp(await example("astronaut-portrait.jpg")).resize(260).toBuffer();
    const bystander = await sharp(await example("photographer-full-length.jpg")).resize(120).toBuffer();
    return sharp(await example("rocket-launch-pad.jpg"))
      .resize(1024)
      .composite([
        { input: person, left: 380, top: 300 },
        { input: bystander, left: 700, top: 380 },
      ])
      .jpeg({ quality: 90 })
      .toBuffer();
  },
  /** The astronaut's portrait with the camera man's head small on the backdrop behind her (a third of her face's height). */
  faceInBackground: async () =>
    sharp(await example("astronaut-portrait.jpg"))
      .composite([{ input: await cameraManHead(140), left: 620, top: 30 }])
      .jpeg({ quality: 90 })
      .toBuffer(),
};

/** The camera man's head and shoulders, `size` pixels square. */
async function cameraManHead(size: number): Promise<Buffer> {
  return sharp(await example("photographer-full-length.jpg")).extract({ left: 230, top: 110, width: 300, height: 300 }).resize(size, size).toBuffer();
}

/** Crops of the astronaut's portrait (800 px square, her face about 280..425 across and 110..275 down). */
export const portraitCrops = {
  cutAtLeftCheek: { left: 305, top: 0, width: 495, height: 800 },
  cutAtChin: { left: 0, top: 0, width: 800, height: 280 },
  cutAtForehead: { left: 0, top: 125, width: 800, height: 675 },
  tightButWhole: { left: 230, top: 60, width: 250, height: 260 },
} as const;

export async function cropped(photo: Buffer, region: (typeof portraitCrops)[keyof typeof portraitCrops]): Promise<Buffer> {
  return sharp(photo).extract(region).jpeg({ quality: 90 }).toBuffer();
}

/** The same photo scaled down to `width` pixels. */
export async function downscaled(photo: Buffer, width: number): Promise<Buffer> {
  return sharp(photo).resize(width).jpeg({ quality: 90 }).toBuffer();
}

const fixtures = path.join(process.cwd(), "tests/fixtures/photos");

/** A product photo of tests/fixtures/photos (sources and how each mask was made: its LICENSE.md). */
export const fixturePhoto = (name: string) => readFile(path.join(fixtures, `${name}.jpg`));

/** The product's ground-truth mask of a fixture photo, one byte a pixel (true where the product is). */
export async function fixtureMask(name: string): Promise<{ data: boolean[]; width: number; height: number }> {
  const { data, info } = await sharp(path.join(fixtures, `${name}.mask.png`)).greyscale().raw().toBuffer({ resolveWithObject: true });
  return { data: Array.from(data, (value) => value > 127), width: info.width, height: info.height };
}

/** The same photo much darker, as if shot in a dim room (for the photo check's light rule). */
export async function darkened(photo: Buffer): Promise<Buffer> {
  return sharp(photo).linear(0.25, 0).jpeg({ quality: 92 }).toBuffer();
}

/** The same photo out of focus, by a Gaussian blur of `sigma` pixels. */
export async function blurred(photo: Buffer, sigma = 3): Promise<Buffer> {
  return sharp(photo).blur(sigma).jpeg({ quality: 92 }).toBuffer();
}

/** Lens tints of the glasses put on a photo: sunglasses dark or brown, or clear glasses (frames only). */
const lensTints = {
  dark: { colour: "#0b0b0b", opacity: 0.92 },
  brown: { colour: "#3b2410", opacity: 0.8 },
  clear: { colour: "#000000", opacity: 0 },
} as const;
export type Lenses = keyof typeof lensTints;

/** The astronaut's eye centres in her portrait and its close crop, where the face mesh finds them. */
const astronautEyes = {
  portrait: [
    [319, 158],
    [385, 161],
  ],
  headClose: [
    [463, 389],
    [625, 398],
  ],
} as const;

/**
 * The astronaut wearing glasses (no public-domain photo of a face in sunglasses ships in a
 * package we can use): two lenses over her eyes, a frame and a bridge, drawn to the size of her
 * eyes' distance, dark or brown lenses graded to grey at the bottom as sunglasses are, or clear.
 */
export async function wearingGlasses(photo: keyof typeof astronautEyes, lenses: Lenses): Promise<Buffer> {
  const bytes = photo === "portrait" ? await realPhotos.portrait() : await realPhotos.headClose();
  const { width, height } = await sharp(bytes).metadata();
  const [[x1, y1], [x2, y2]] = astronautEyes[photo];
  const distance = Math.hypot(x2 - x1, y2 - y1);
  const [rx, ry, frame] = [distance * 0.45, distance * 0.32, Math.max(1.5, distance * 0.05)];
  const { colour, opacity } = lensTints[lenses];
  const lens = (x: number, y: number) =>
    `<ellipse cx="${x}" cy="${y + distance * 0.05}" rx="${rx}" ry="${ry}" fill="url(#tint)" fill-opacity="${opacity}" stroke="#111" stroke-width="${frame}"/>`;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <defs><linearGradient id="tint" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${colour}"/><stop offset="1" stop-color="#3a3a3a"/></linearGradient></defs>
    ${lens(x1, y1)}${lens(x2, y2)}
    <path d="M ${x1 + rx} ${y1} Q ${(x1 + x2) / 2} ${(y1 + y2) / 2 - distance * 0.12} ${x2 - rx} ${y2}" stroke="#111" stroke-width="${frame}" fill="none"/>
  </svg>`;
  return sharp(bytes).composite([{ input: Buffer.from(svg) }]).jpeg({ quality: 92 }).toBuffer();
}
