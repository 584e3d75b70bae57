import { getImageProps } from "next/image";
import { getTranslations } from "next-intl/server";
import { CategoryBadge } from "@/components/generation/category-badge";
import { getActiveExamples } from "@/lib/examples/active-examples";
import { shippedExampleTitleKey } from "@/lib/example-seed";
import { ExampleImage, type ExampleImageSource } from "./example-image";
import { exampleImageLayout } from "./example-image-layout";
import { SpriteIcon } from "@/components/layout/sprite-icon";

/**
 * The widths worth offering, of next/image's candidates. The gallery is at most 416 CSS pixels
 * wide (828 covers it on a 2× screen) and the shipped examples are 800 pixels, which next/image
 * never enlarges, so its wider candidates (1080 up to 3840) would all be that same picture. 256
 * only serves 1× phones, where 384 is a few kilobytes more, and 750 falls between 640 and 828.
 * Every candidate lengthens each example twice, in the HTML and the props it hydrates from
 * (issue 16).
 */
const offeredWidths = new Set([384, 640, 828]);

function isOffered(candidate: string): boolean {
  const width = Number.parseInt(candidate.trim().split(" ")[1] ?? "", 10);
  return offeredWidths.has(width);
}

/** next/image's addresses for an example, worked out here so the browser needs no image component. */
function optimizedImage(src: string, alt: string): ExampleImageSource {
  const { props } = getImageProps({ src, alt, ...exampleImageLayout });
  return { src: props.src, srcSet: props.srcSet?.split(",").filter(isOffered).join(","), alt };
}

/** The examples of the home page and the dashboard, with the shipped ones' titles in the page's language. */
export async function ExamplesGallery() {
  const [t, examples] = await Promise.all([getTranslations("home.examples"), getActiveExamples()]);
  const titleOf = (example: (typeof examples)[number]) => {
    const key = shippedExampleTitleKey(example.imageUrl);
    return key ? t(`titles.${key}`) : example.title;
  };

  if (examples.length === 0) {
    return (
      <div
        data-testid="examples-empty"
        className="flex flex-col items-center gap-3 rounded-xl border border-dashed px-6 py-16 text-center text-muted-foreground"
      >
        <SpriteIcon name="image" className="size-8" />
        <p>{t("empty")}</p>
      </div>
    );
  }

  const unavailable = (
    <div className="example-unavailable">
      <SpriteIcon name="image-off" className="size-8" />
      <span className="text-xs">{t("imageUnavailable")}</span>
    </div>
  );

  return (
    <ul data-testid="examples-gallery" className="grid grid-cols-2 gap-3 sm:grid-cols-3 sm:gap-4">
      {examples.map((example) => (
        <li key={example.id} data-testid="example-card">
          <figure className="group example-card">
            <div className="example-frame">
              <ExampleImage image={optimizedImage(example.imageUrl, titleOf(example))} fallback={unavailable} />
            </div>
            <figcaption className="example-caption">
              <CategoryBadge category={example.category} tone="solid" />
              <span className="example-title" data-testid="example-title">
                {titleOf(example)}
              </span>
            </figcaption>
          </figure>
        </li>
      ))}
    </ul>
  );
}
