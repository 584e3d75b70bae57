import { z } from "zod";

/** What the delete buttons of results pages, galleries and the dashboard may send. */
export const deleteImageInput = z.object({ imageId: z.uuid() });
