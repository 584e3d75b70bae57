import type { PluginCreator } from "postcss";

declare const dropColorMixFallbacks: PluginCreator<void>;
export default dropColorMixFallbacks;
