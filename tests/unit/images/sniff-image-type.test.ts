import { randomBytes } from "node:crypto";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { containsActiveContent, sniffImageType } from "@/lib/images/sniff-image-type";
import * as fixtures from "@/tests/helpers/image-fixtures";

describe("sniffImageType", () => {
  it("reads the type from the bytes", async () => {
    expect(sniffImageType(await fixtures.solidJpeg())).toBe("jpeg");
    expect(sniffImageType(await fixtures.solidPng())).toBe("png");
    expect(sniffImageType(await fixtures.animatedGif())).toBe("gif");
    const webp = await sharp({ create: { width: 4, height: 4, channels: 3, background: "#000" } }).webp().toBuffer();
    expect(sniffImageType(webp)).toBe("webp");
    const avif = await sharp({ create: { width: 4, height: 4, channels: 3, background: "#000" } }).avif().toBuffer();
    expect(sniffImageType(avif)).toBe("avif");
  });

  it("tells HEIC from AVIF by the ftyp brands", () => {
    const heif = (major: string, ...compatible: string[]) => {
      const brands = Buffer.from(major + "\0\0\0\0" + compatible.join(""), "latin1");
      const size = Buffer.alloc(4);
      size.writeUInt32BE(8 + brands.length);
      return Buffer.concat([size, Buffer.from("ftyp"), brands]);
    };
    expect(sniffImageType(heif("heic", "mif1", "heic"))).toBe("heic");
    expect(sniffImageType(heif("mif1", "mif1", "heic"))).toBe("heic");
    expect(sniffImageType(heif("mif1", "avif", "mif1"))).toBe("avif");
    expect(sniffImageType(heif("isom", "mp41"))).toBeNull(); // an MP4 video
  });

  it("refuses everything else, whatever it is called", () => {
    for (const input of [fixtures.plainText, fixtures.htmlPage, fixtures.svgWithScript, fixtures.minimalPdf, Buffer.alloc(0)]) {
      expect(sniffImageType(input)).toBeNull();
    }
    expect(sniffImageType(Buffer.from("II*\0"))).toBeNull(); // TIFF: not accepted
  });
});

describe("containsActiveContent", () => {
  it("finds HTML, script and PDF markers anywhere in the file", async () => {
    expect(containsActiveContent(await fixtures.jpegHtmlPolyglot())).toBe(true);
    expect(containsActiveContent(await fixtures.pngPdfPolyglot())).toBe(true);
    expect(containsActiveContent(Buffer.from("xx<ScRiPt>"))).toBe(true);
    expect(containsActiveContent(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg">'))).toBe(true);
  });

  it("does not flag ordinary photos, their XMP metadata or random data", async () => {
    const xmp =
      '<?xpacket begin="" id="W5M0MpCehiHzreSzNTczkc9d"?><x:xmpmeta xmlns:x="adobe:ns:meta/">' +
      '<rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"><rdf:Description/></rdf:RDF></x:xmpmeta>';
    const withXmp = await sharp(await fixtures.solidJpeg()).withXmp(xmp).jpeg().toBuffer();
    expect(containsActiveContent(withXmp)).toBe(false);
    expect(containsActiveContent(await fixtures.exifRotatedJpeg())).toBe(false);
    expect(containsActiveContent(randomBytes(4 * 1024 * 1024))).toBe(false);
  });
});
