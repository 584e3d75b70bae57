/**
 * The real type of an uploaded file, read from its first bytes. The browser's MIME type and the
 * file name are never trusted: a text file renamed .jpg or HTML sent as image/png is refused
 * here before any decoder sees it, and only these formats reach sharp (never SVG, PDF or TIFF,
 * whose decoders are far larger attack surfaces).
 */
export const acceptedImageTypes = ["jpeg", "png", "webp", "gif", "avif", "heic"] as const;
export type SniffedImageType = (typeof acceptedImageTypes)[number];

const pngSignature = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const heicBrands = new Set(["heic", "heix", "hevc", "hevx", "heim", "heis", "hevm", "hevs"]);
const avifBrands = new Set(["avif", "avis"]);
/** Generic HEIF brands: the compatible brands then tell AVIF from HEIC. */
const genericHeifBrands = new Set(["mif1", "msf1"]);

function startsWith(bytes: Uint8Array, signature: readonly number[], offset = 0): boolean {
  if (bytes.length < offset + signature.length) return false;
  return signature.every((value, index) => bytes[offset + index] === value);
}

function ascii(bytes: Uint8Array, start: number, end: number): string {
  return String.fromCharCode(...bytes.subarray(start, end));
}

/** ISO base media file (HEIF family): the major and compatible brands of the `ftyp` box. */
function heifBrands(bytes: Uint8Array): string[] | null {
  if (bytes.length < 16 || ascii(bytes, 4, 8) !== "ftyp") return null;
  const boxSize = ((bytes[0] ?? 0) << 24) | ((bytes[1] ?? 0) << 16) | ((bytes[2] ?? 0) << 8) | (bytes[3] ?? 0);
  const end = Math.min(boxSize >>> 0, bytes.length, 256);
  const brands = [ascii(bytes, 8, 12)];
  for (let offset = 16; offset + 4 <= end; offset += 4) brands.push(ascii(bytes, offset, offset + 4));
  return brands;
}

function heifType(brands: string[]): SniffedImageType | null {
  if (brands.some((brand) => avifBrands.has(brand))) return "avif";
  if (brands.some((brand) => heicBrands.has(brand))) return "heic";
  if (brands.some((brand) => genericHeifBrands.has(brand))) return "heic";
  return null;
}

export function sniffImageType(bytes: Uint8Array): SniffedImageType | null {
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return "jpeg";
  if (startsWith(bytes, pngSignature)) return "png";
  if (bytes.length >= 6 && (ascii(bytes, 0, 6) === "GIF87a" || ascii(bytes, 0, 6) === "GIF89a")) return "gif";
  if (bytes.length >= 12 && ascii(bytes, 0, 4) === "RIFF" && ascii(bytes, 8, 12) === "WEBP") return "webp";
  const brands = heifBrands(bytes);
  return brands ? heifType(brands) : null;
}

/**
 * Markers of a polyglot: a valid image that also carries HTML, script, SVG, PHP or PDF content
 * (in a comment segment, metadata or appended after the image). Re-encoding already drops such
 * content; refusing the file as well keeps it out of logs, caches and any future code path that
 * might pass the original bytes on. The markers are long enough that random compressed image
 * data practically never contains one (each is at most about one chance in 10^5 per 20 MB file).
 */
const markupAtTag =
  /^<(?:(?:script|iframe|object|embed)[\s>/]|html[\s>]|!doctype\s+html|svg\s[^>]{0,200}xmlns|\?php\s|img\s[^>]{0,200}\bon[a-z]+\s*=)/i;
/** Bytes that may follow "<" in a marker: s i o e h ! ? (either case). */
const markerStarts = new Set([..."siohe!?SIOHE"].map((char) => char.charCodeAt(0)));
const lessThan = 0x3c;
const pdfHeader = Buffer.from("%PDF-", "latin1");

export function containsActiveContent(input: Uint8Array): boolean {
  const bytes = Buffer.from(input.buffer, input.byteOffset, input.byteLength);
  // indexOf is a native byte search, so a 20 MB photo is scanned in a few milliseconds; only
  // the rare "<" followed by a plausible letter is looked at more closely.
  for (let at = bytes.indexOf(lessThan); at !== -1; at = bytes.indexOf(lessThan, at + 1)) {
    const next = bytes[at + 1];
    if (next !== undefined && markerStarts.has(next) && markupAtTag.test(bytes.toString("latin1", at, at + 240))) {
      return true;
    }
  }
  for (let at = bytes.indexOf(pdfHeader); at !== -1; at = bytes.indexOf(pdfHeader, at + 1)) {
    const version = bytes[at + 5];
    if (version !== undefined && version >= 0x31 && version <= 0x32 && bytes[at + 6] === 0x2e) return true;
  }
  return false;
}
