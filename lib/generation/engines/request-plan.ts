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

export function planRequests(job: PlannedJob, maxImagesPerRequest: number): PlannedRequest[] {
  switch (job.tool) {
    case "headshot_pro": {
      const styles = job.input.styleIds;
      return styles
        .map((styleId, index) => ({
          prompt: headshotPro.prompt({ ...job.input, styleIds: [styleId] }),
          count: Math.floor(job.imageCount / styles.length) + (index < job.imageCount % styles.length ? 1 : 0),
        }))
        .flatMap((request) =>
          Array.from({ length: Math.ceil(request.count / maxImagesPerRequest) }, (_, chunk) => ({
            prompt: request.prompt,
            count: Math.min(maxImagesPerRequest, request.count - chunk * maxImagesPerRequest),
          })),
        )
        .filter((request) => request.count > 0);
    }
    case "edit":
      return [{ prompt: editJob.prompt(job.input.prompt), count: 1 }];
    default:
      return [{ prompt: job.prompt, count: 1 }];
  }
}
