import { imageEngineNames } from "@/lib/env";

/** The engines an operator can choose per tool (IMAGE_ENGINE, IMAGE_ENGINE_<TOOL>). */
export type ImageEngineName = (typeof imageEngineNames)[number];
export { imageEngineNames };
