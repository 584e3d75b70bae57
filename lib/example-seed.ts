import type { NewExample } from "@/db/schema";

/**
 * The examples gallery shipped with the app. Images live in public/examples (public-domain and
 * CC0 photos, see public/examples/LICENSE.md); categories are the tool labels of spec §3.
 * `titleKey` names the title's translation (messages home.examples.titles): the shipped titles
 * are product copy like every other text; the database keeps the English title, which is what
 * an example added by an operator shows in every language.
 */
const shippedExamples = [
  { titleKey: "astronautPortrait", title: "Astronaut portrait", category: "Headshot Pro", imageUrl: "/examples/astronaut-portrait.jpg", sortOrder: 10 },
  { titleKey: "espressoCup", title: "Espresso on a wooden table", category: "AI Product", imageUrl: "/examples/espresso-cup.jpg", sortOrder: 20 },
  { titleKey: "astronautHair", title: "Short curled hairstyle", category: "Hair Changer", imageUrl: "/examples/astronaut-hair.jpg", sortOrder: 30 },
  { titleKey: "photographerFullLength", title: "Full-length pose", category: "Body Shaper", imageUrl: "/examples/photographer-full-length.jpg", sortOrder: 40 },
  { titleKey: "rocketLaunchPad", title: "Launch pad at dusk", category: "AI Product", imageUrl: "/examples/rocket-launch-pad.jpg", sortOrder: 50 },
  { titleKey: "chelseaTheCat", title: "Soft tabby fur", category: "Hair Changer", imageUrl: "/examples/chelsea-the-cat.jpg", sortOrder: 60 },
] as const satisfies readonly (NewExample & { titleKey: string })[];

export type ShippedExampleTitleKey = (typeof shippedExamples)[number]["titleKey"];

export const exampleSeed: readonly NewExample[] = shippedExamples.map(({ title, category, imageUrl, sortOrder }) => ({
  title,
  category,
  imageUrl,
  sortOrder,
}));

const titleKeysByImage: ReadonlyMap<string, ShippedExampleTitleKey> = new Map(
  shippedExamples.map((example) => [example.imageUrl, example.titleKey]),
);

/** The translation key of a shipped example's title, found by its image; undefined for any other example. */
export function shippedExampleTitleKey(imageUrl: string): ShippedExampleTitleKey | undefined {
  return titleKeysByImage.get(imageUrl);
}
