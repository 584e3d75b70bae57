import { spawn } from "node:child_process";
import { once } from "node:events";
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { afterAll, describe, expect, it, onTestFinished } from "vitest";
import { runInEngineProcess, stopEngineProcess } from "@/lib/generation/engines/local/process/engine-process";
import { backgroundNice } from "@/lib/scheduling/background-process";
import { realPhotos } from "@/tests/helpers/real-photos";
import { baseJob } from "@/tests/helpers/local-engine";

/**
 * The local engine's process: every thread of it runs at the background priority, a crash fails
 * the calls in progress and the next call gets a new process, and stopping leaves none behind.
 */

afterAll(() => stopEngineProcess());

/** Fields after the command name in /proc/<pid>/stat (field 3 is the first). */
const statFields = (file: string) => {
  const stat = readFileSync(file, "utf8");
  return stat.slice(stat.lastIndexOf(")") + 2).split(" ");
};

/** The engine's processes: the children of `parent` (this process) running the entry. */
function engineProcesses(parent = process.pid): number[] {
  return readdirSync("/proc")
    .filter((name) => /^\d+$/.test(name))
    .filter((pid) => {
      try {
        return Number(statFields(`/proc/${pid}/stat`)[1]) === parent && readFileSync(`/proc/${pid}/cmdline`, "utf8").includes("engine-process-entry");
      } catch {
        return false;
      }
    })
    .map(Number);
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

async function untilGone(pid: number) {
  for (let tries = 0; tries < 100 && alive(pid); tries += 1) await new Promise((resolve) => setTimeout(resolve, 50));
  return !alive(pid);
}

describe.runIf(process.platform === "linux")("the local engine's process", () => {
  it("runs all its threads, libvips's included, at the background priority", async () => {
    expect(await runInEngineProcess({ task: "productCutout", image: await realPhotos.productOnPlainBackground() })).toEqual({ confidence: 1, enlargement: expect.closeTo(1.41, 1) });
    const [pid, ...others] = engineProcesses();
    expect(pid).toBeDefined();
    expect(others).toEqual([]);
    const threads = readdirSync(`/proc/${pid}/task`);
    // Beyond the main thread: V8's, libuv's and libvips's, started before and after the lowering.
    expect(threads.length).toBeGreaterThan(4);
    // Field 19 is the nice value.
    for (const thread of threads) expect(Number(statFields(`/proc/${pid}/task/${thread}/stat`)[16])).toBe(backgroundNice);
    expect(Number(statFields("/proc/self/stat")[16])).toBeLessThan(backgroundNice);
  });

  it("fails the calls of a crashed process and starts a new one for the next", async () => {
    await runInEngineProcess({ task: "productCutout", image: await realPhotos.productOnPlainBackground() });
    const [crashed] = engineProcesses();
    const job = { ...baseJob(await realPhotos.productOnBusyBackground()), tool: "ai_product" as const, input: { prompt: "on a marble table", dimension: "square" as const, presentation: "cutout" as const } };
    const rendering = runInEngineProcess({ task: "render", job });
    process.kill(crashed!, "SIGKILL");
    await expect(rendering).rejects.toThrow(/local engine process stopped \(SIGKILL\)/);
    expect((await runInEngineProcess({ task: "productCutout", image: await realPhotos.productOnBusyBackground() })).confidence).toBeGreaterThan(0.5);
    const [restarted] = engineProcesses();
    expect(restarted).toBeDefined();
    expect(restarted).not.toBe(crashed);
  });

  it("leaves SIGTERM to the app, which hands its running jobs back before it goes", async () => {
    await runInEngineProcess({ task: "productCutout", image: await realPhotos.productOnPlainBackground() });
    const [pid] = engineProcesses();
    process.kill(pid!, "SIGTERM");
    expect((await runInEngineProcess({ task: "productCutout", image: await realPhotos.productOnBusyBackground() })).confidence).toBeGreaterThan(0.5);
    expect(engineProcesses()).toEqual([pid]);
  });

  it("leaves no process behind when stopped", async () => {
    await runInEngineProcess({ task: "productCutout", image: await realPhotos.productOnPlainBackground() });
    const [pid] = engineProcesses();
    await stopEngineProcess();
    expect(await untilGone(pid!)).toBe(true);
  });

  it("ends when the app's process is killed", async () => {
    const modulePath = path.resolve("lib/generation/engines/local/process/engine-process.ts");
    const photo = path.resolve("public/examples/astronaut-portrait.jpg");
    const app = spawn(process.execPath, ["--import", "tsx", "-e", `
      const { runInEngineProcess } = require(${JSON.stringify(modulePath)});
      const image = { data: require("node:fs").readFileSync(${JSON.stringify(photo)}), contentType: "image/jpeg" };
      runInEngineProcess({ task: "productCutout", image: image.data }).then(() => {
        // Busy for seconds when the app goes: four headshots.
        const input = { gender: "female", ageRange: "36_45", styleIds: [1, 4, 8, 9], packageId: "basic" };
        runInEngineProcess({ task: "render", job: { generationId: "killed", prompt: "", imageCount: 4, image, tool: "headshot_pro", input } });
        console.log("ready");
      });
    `], { stdio: ["ignore", "pipe", "inherit"] });
    // Killed whatever happens, so a failure leaves no process behind.
    onTestFinished(() => void app.kill("SIGKILL"));
    const [ready] = (await once(app.stdout, "data")) as [Buffer];
    expect(ready.toString()).toContain("ready");
    const [pid] = engineProcesses(app.pid);
    expect(pid).toBeDefined();
    app.kill("SIGKILL");
    expect(await untilGone(pid!)).toBe(true);
  });
});
