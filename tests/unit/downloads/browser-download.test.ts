import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { downloadImageFile, downloadZipFile, type DownloadEnvironment } from "@/lib/downloads/browser-download";

function fakeEnvironment(response: () => Promise<Response>) {
  const saved: { fileName: string; size: number }[] = [];
  const opened: string[] = [];
  const savedUrls: string[] = [];
  const environment: DownloadEnvironment = {
    fetch: response,
    saveBlob: (blob, fileName) => saved.push({ fileName, size: blob.size }),
    saveUrl: (url) => savedUrls.push(url),
    openInNewTab: (url) => opened.push(url),
  };
  return { environment, saved, opened, savedUrls };
}

describe("downloadImageFile (spec §8)", () => {
  beforeEach(() => {
    vi.spyOn(console, "error").mockImplementation(() => {});
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it("saves the image under its name", async () => {
    const fake = fakeEnvironment(async () => new Response(new Uint8Array(12), { status: 200 }));
    const outcome = await downloadImageFile({ url: "/api/images/1?download=1", fileName: "headshot_1.png" }, fake.environment);
    expect(outcome).toBe("downloaded");
    expect(fake.saved).toEqual([{ fileName: "headshot_1.png", size: 12 }]);
    expect(fake.opened).toEqual([]);
  });

  it("opens the image in a new tab when the server refuses", async () => {
    const fake = fakeEnvironment(async () => new Response("gone", { status: 404 }));
    const request = { url: "/api/images/1?download=1", viewUrl: "/api/images/1", fileName: "x.jpg" };
    const outcome = await downloadImageFile(request, fake.environment);
    expect(outcome).toBe("openedInNewTab");
    expect(fake.opened).toEqual(["/api/images/1"]);
    expect(fake.saved).toEqual([]);
  });

  it("opens the image in a new tab when the network fails, and reports failure if that fails too", async () => {
    const fake = fakeEnvironment(() => Promise.reject(new TypeError("Failed to fetch")));
    expect(await downloadImageFile({ url: "/a", fileName: "a.jpg" }, fake.environment)).toBe("openedInNewTab");
    const blocked = {
      ...fake.environment,
      openInNewTab: () => {
        throw new Error("popup blocked");
      },
    };
    expect(await downloadImageFile({ url: "/a", fileName: "a.jpg" }, blocked)).toBe("failed");
  });

  it("only reports the failure where no new tab is wanted (recent images)", async () => {
    const fake = fakeEnvironment(async () => new Response("", { status: 500 }));
    const outcome = await downloadImageFile({ url: "/a", fileName: "a.jpg", openInNewTabOnFailure: false }, fake.environment);
    expect(outcome).toBe("failed");
    expect(fake.opened).toEqual([]);
  });
});

describe("downloadZipFile", () => {
  it("hands the zip URL to the browser and only logs a failure", () => {
    const fake = fakeEnvironment(async () => new Response());
    downloadZipFile("/api/generations/g/zip", fake.environment);
    expect(fake.savedUrls).toEqual(["/api/generations/g/zip"]);
    const log = vi.spyOn(console, "error").mockImplementation(() => {});
    downloadZipFile("/x", {
      ...fake.environment,
      saveUrl: () => {
        throw new Error("no document");
      },
    });
    expect(log).toHaveBeenCalled();
    log.mockRestore();
  });
});
