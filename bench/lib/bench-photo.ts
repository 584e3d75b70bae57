import sharp from "sharp";

/** A 1024×768 JPEG portrait stand-in: the size an upload has after the browser's and server's intake. */
export function benchPhoto(): Promise<Buffer> {
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="1024" height="768"><rect width="100%" height="100%" fill="#5a7d9a"/>` +
    `<ellipse cx="512" cy="300" rx="180" ry="220" fill="#e0b090"/><rect x="300" y="520" width="424" height="248" fill="#2a3a5a"/></svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 90 }).toBuffer();
}
