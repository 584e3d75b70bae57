import type { NewExample } from "@/db/schema";

/**
 * The examples gallery shipped with the app. Images live in public/examples (public-domain and
 * CC0 photos, see public/examples/LICENSE.md); categories are the tool labels of spec §3.
 */
export const exampleSeed: readonly NewExample[] = [
  { title: "Astronaut portrait", category: "Headshot Pro", imageUrl: "/examples/astronaut-portrait.jpg", sortOrder: 10 },
  { title: "Espresso on a wooden table", category: "AI Product", imageUrl: "/examples/espresso-cup.jpg", sortOrder: 20 },
  { title: "Short curled hairstyle", category: "Hair Changer", imageUrl: "/examples/astronaut-hair.jpg", sortOrder: 30 },
  { title: "Full-length pose", category: "Body Shaper", imageUrl: "/examples/photographer-full-length.jpg", sortOrder: 40 },
  { title: "Launch pad at dusk", category: "AI Product", imageUrl: "/examples/rocket-launch-pad.jpg", sortOrder: 50 },
  { title: "Soft tabby fur", category: "Hair Changer", imageUrl: "/examples/chelsea-the-cat.jpg", sortOrder: 60 },
];
