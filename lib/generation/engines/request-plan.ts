import { editJob, headshotPro } from "../tools";
import type { PlannedJob } from "./types";

/**
 * The requests one job makes of an image service: headshots one group per chosen style (each
 * with its share of the shots and a prompt of its own), split so no request asks for more than
 * the service gives at once; every other tool one request for one image.
 */

export interface PlannedRequest {
  prompt: string;
  count: number;
}

/** The positions of the images a job asks for: all of them, or the ones named (a remake). */
export function positionsToMake(job: Pick<PlannedJob, "imageCount" | "positions">): number[] {
  return job.positions ? [...job.positions] : Array.from({ length: job.imageCount }, (_, position) => position);
}

/** Each headshot position's style, the styles' shares in order (the first styles take the remainder). */
function headshotStyleOfPositions(styleIds: readonly number[], imageCount: number): number[] {
  return styleIds.flatMap((styleId, index) =>
    Array.from({ length: Math.floor(imageCount / styleIds.length) + (index < imageCount % styleIds.length ? 1 : 0) }, () => styleId),
  );
}

export function planRequests(job: PlannedJob, maxImagesPerRequest: number): PlannedRequest[] {
  switch (job.tool) {
    case "headshot_pro": {
      const styleOf = headshotStyleOfPositions(job.input.styleIds, job.imageCount);
      const requests: PlannedRequest[] = [];
      let previousStyle: number | undefined;
      for (const position of positionsToMake(job)) {
        const styleId = styleOf[position];
        if (styleId === undefined) continue;
        const last = requests.at(-1);
        if (last && styleId === previousStyle && last.count < maxImagesPerRequest) last.count += 1;
        else requests.push({ prompt: headshotPro.prompt({ ...job.input, styleIds: [styleId] }), count: 1 });
        previousStyle = styleId;
      }
      return requests;
    }
    case "edit":
      return [{ prompt: editJob.prompt(job.input.prompt), count: 1 }];
    default:
      return [{ prompt: job.prompt, count: 1 }];
  }
}
