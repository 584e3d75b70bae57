import { describe, expect, it } from "vitest";
import type { GenerationStatusView } from "@/lib/generation/generation-status";
import { editTextsFor } from "@/lib/results/edit-texts";
import { resultImagesFromStatus, toResultImageView } from "@/lib/results/result-image-view";

describe("result image views", () => {
  it("carry the URL, the download name and the edit limit of the tool the image came from", () => {
    const original = toResultImageView({
      id: "11111111-1111-4111-8111-111111111111",
      generationId: "22222222-2222-4222-8222-222222222222",
      position: 2,
      contentType: "image/jpeg",
      width: 600,
      height: 800,
      category: "Hair Changer",
      tool: "hair_changer",
    });
    expect(original).toMatchObject({
      url: "/api/images/11111111-1111-4111-8111-111111111111",
      fileName: "Hair_Changer_3.jpg",
      editWordLimit: 10,
      editDepth: 0,
    });
    // A remix of a headshot: a headshot name of its own, not the number of the original.
    expect(toResultImageView({ ...original, position: 0, contentType: "image/jpeg", tool: "headshot_pro", category: "Headshot Pro", editDepth: 2 })).toMatchObject({
      fileName: "headshot_edit_11111111.jpg",
      editWordLimit: 100,
      editDepth: 2,
    });
  });

  it("are built from the status a results page polls, numbered in order", () => {
    const status: GenerationStatusView = {
      id: "33333333-3333-4333-8333-333333333333",
      tool: "ai_product",
      category: "AI Product",
      status: "complete",
      progress: 100,
      images: [
        { id: "a", url: "/api/images/a", contentType: "image/jpeg", width: null, height: null },
        { id: "b", url: "/api/images/b", contentType: "image/png", width: 10, height: 10 },
      ],
      errorKey: null,
      errorDetail: null,
      creditsRefunded: false,
      numberShots: 2,
      refund: null,
      awaitingPayment: false,
      paymentCancelled: false,
      createdAt: new Date(0).toISOString(),
      completedAt: null,
    };
    expect(resultImagesFromStatus(status, "ai_product").map((image) => [image.fileName, image.editWordLimit])).toEqual([
      ["AI_Product_1.jpg", 100],
      ["AI_Product_2.png", 100],
    ]);
  });

  it("pick the edit texts of spec §8 by tool", () => {
    expect(editTextsFor("hair_changer")).toBe("hairstyle");
    expect(editTextsFor("body_shaper")).toBe("bodyShape");
    expect(editTextsFor("ai_product")).toBe("image");
    expect(editTextsFor("headshot_pro")).toBe("image");
  });
});
