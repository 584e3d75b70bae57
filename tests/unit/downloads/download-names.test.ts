import { describe, expect, it } from "vitest";
import { contentDispositionHeader, safeFileName } from "@/lib/downloads/content-disposition";
import {
  editedImageDownloadFileName,
  imageDownloadFileName,
  storedImageDownloadFileName,
  zipDownloadFileName,
} from "@/lib/downloads/download-file-names";

describe("download file names (spec §2, §7)", () => {
  it("name images {category}_{n} with png only for PNG sources", () => {
    const hair = { tool: "hair_changer", category: "Hair Changer" } as const;
    expect(imageDownloadFileName(hair, 1, "image/png")).toBe("Hair_Changer_1.png");
    expect(imageDownloadFileName(hair, 2, "image/jpeg")).toBe("Hair_Changer_2.jpg");
    expect(zipDownloadFileName(hair)).toBe("Hair_Changer_images.zip");
    expect(zipDownloadFileName({ tool: "ai_product", category: "AI Product" })).toBe("AI_Product_images.zip");
  });

  it("name headshots headshot_N and their zip headshots.zip", () => {
    const headshots = { tool: "headshot_pro", category: "Headshot Pro" } as const;
    expect(imageDownloadFileName(headshots, 3, "image/png")).toBe("headshot_3.png");
    expect(zipDownloadFileName(headshots)).toBe("headshots.zip");
  });

  it("name an edit by its own id, never by a number of the originals (issue 19)", () => {
    const headshots = { tool: "headshot_pro", category: "Headshot Pro" } as const;
    const editId = "3f2a9c1b-0000-4000-8000-000000000000";
    expect(editedImageDownloadFileName(headshots, editId, "image/jpeg")).toBe("headshot_edit_3f2a9c1b.jpg");
    const original = { id: "aaaaaaaa-0000-4000-8000-000000000000", position: 0, contentType: "image/png" };
    expect(storedImageDownloadFileName(headshots, { ...original, isEdit: false })).toBe("headshot_1.png");
    expect(storedImageDownloadFileName(headshots, { ...original, id: editId, contentType: "image/jpeg", isEdit: true })).toBe(
      "headshot_edit_3f2a9c1b.jpg",
    );
    expect(editedImageDownloadFileName({ tool: "hair_changer", category: "Hair Changer" }, "../x", "image/png")).toBe(
      "Hair_Changer_edit_image.png",
    );
  });

  it("never let a category put a path or control character in a name", () => {
    expect(imageDownloadFileName({ tool: "edit", category: "../../x\u0000y" }, 1, "image/png")).toBe("x_y_1.png");
    expect(zipDownloadFileName({ tool: "edit", category: "" })).toBe("image_images.zip");
  });
});

describe("Content-Disposition", () => {
  it("quotes a clean ASCII name", () => {
    expect(contentDispositionHeader("attachment", "headshot_1.png")).toBe('attachment; filename="headshot_1.png"');
  });

  it("strips separators, quotes and control characters", () => {
    expect(safeFileName('../evil"\r\nname.png')).toBe("_evil_name.png");
    expect(safeFileName("\u0000\u0001")).toBe("download");
    expect(contentDispositionHeader("inline", "a\r\nSet-Cookie: x.png")).not.toMatch(/[\r\n]/);
  });

  it("adds an RFC 6266 filename* for non-ASCII names", () => {
    expect(contentDispositionHeader("attachment", "Frisur (neu)_1.png")).toBe('attachment; filename="Frisur (neu)_1.png"');
    expect(contentDispositionHeader("attachment", "صورة_1.png")).toBe(
      `attachment; filename="_____1.png"; filename*=UTF-8''${encodeURIComponent("صورة_1.png")}`,
    );
    expect(contentDispositionHeader("attachment", "l'été.png")).toContain("filename*=UTF-8''l%27%C3%A9t%C3%A9.png");
  });
});
