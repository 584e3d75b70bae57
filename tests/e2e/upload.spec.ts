import { mkdtempSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import type { Page } from "@playwright/test";
import { signUpNewAccount } from "./accounts";
import { expect, test } from "./fixtures";
import { expectToast, portraitPhoto, uploadPhoto } from "./flow-steps";

/** Issue 5's upload component, on the first step of a tool (AI Product) as a user meets it. */

const preview = (page: Page) => page.getByRole("img", { name: "Your uploaded photo" });

/** A 4000×3000 photo-like JPEG of a few MB: compressing it must save far more than 20%. */
async function largePhoto(): Promise<string> {
  const width = 4000;
  const height = 3000;
  const noise = Buffer.alloc(width * height * 3);
  for (let index = 0; index < noise.length; index += 1) noise[index] = (index * 7919 + (index >> 7) * 104729) % 256;
  const file = path.join(mkdtempSync(path.join(os.tmpdir(), "upload-")), "large-photo.jpg");
  writeFileSync(file, await sharp(noise, { raw: { width, height, channels: 3 } }).jpeg({ quality: 95 }).toBuffer());
  return file;
}

test.beforeEach(async ({ page }) => {
  await signUpNewAccount(page);
  await page.goto("/ai-product/step1");
});

test("a photo chosen with the picker is previewed and can be removed", async ({ page }) => {
  await uploadPhoto(page);
  await page.getByRole("button", { name: "Remove photo" }).click();
  await expect(preview(page)).toBeHidden();
  await expect(page.getByRole("button", { name: /Upload a photo/ })).toBeVisible();
});

test("a photo dropped on the drop zone is previewed", async ({ page }) => {
  const bytes = [...(await sharp(portraitPhoto).jpeg().toBuffer())];
  const dropZone = page.getByRole("button", { name: /Upload a photo/ });
  const dataTransfer = await page.evaluateHandle((content) => {
    const transfer = new DataTransfer();
    transfer.items.add(new File([new Uint8Array(content)], "portrait.jpg", { type: "image/jpeg" }));
    return transfer;
  }, bytes);
  await dropZone.dispatchEvent("dragenter", { dataTransfer });
  await dropZone.dispatchEvent("dragover", { dataTransfer });
  await dropZone.dispatchEvent("drop", { dataTransfer });
  await expect(preview(page)).toBeVisible();
});

test("a large photo is optimised with a toast saying by how much", async ({ page }) => {
  await page.locator('input[type="file"]').setInputFiles(await largePhoto());
  await expect(preview(page)).toBeVisible({ timeout: 30_000 });
  await expectToast(page, "Image Optimized", "Reduced from");
});

test("a file that is not an image is refused with a clear message and nothing is kept", async ({ page }) => {
  await page.locator('input[type="file"]').setInputFiles({
    name: "notes.txt",
    mimeType: "text/plain",
    buffer: Buffer.from("this is not a photo"),
  });
  await expectToast(page, "Invalid File Type", "Please upload an image file.");
  await expect(preview(page)).toBeHidden();
});
