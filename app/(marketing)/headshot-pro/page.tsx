import { getLocale } from "next-intl/server";
import { HeadshotLanding, headshotLandingMetadata } from "@/components/marketing/headshot-landing";

// Visitors get the prerendered page (proxy.ts); signed-in users this one, with their header.
export const generateMetadata = async () => headshotLandingMetadata(await getLocale());

export default HeadshotLanding;
