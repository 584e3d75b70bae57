export { default, generateMetadata, viewport } from "../dynamic-root-layout";
