import { getImageProps } from "next/image";
import { Image as ImageIcon } from "@/components/icons/image";
import { ImageOff } from "@/components/icons/image-off";
import { getTranslations } from "next-intl/server";
import { CategoryBadge } from "@/components/generation/category-badge";
import { getActiveExamples } from "@/lib/examples/active-examples";
import { shippedExampleTitleKey } from "@/lib/example-seed";
import { ExampleImage, type ExampleImageSource } from "./example-image";
import { exampleImageLayout } from "./example-image-layout";

/**
 * The widest picture worth offering: the gallery is at most 416 CSS pixels wide (828 covers it
 * on a 2× screen) and the shipped examples are 800 pixels, which next/image never enlarges, so
 * its wider candidates (1080 up to 3840) would all be that same picture and only lengthen the
 * page, twice, as the HTML and the props it hydrates from (issue 16).
 */
const widestCandidate = 828;

function withinWidestCandidate(candidate: string): boolean {
  const width = Number.parseInt(candidate.trim().split(" ")[1] ?? "", 10);
  return Number.isNaN(width) || width <= widestCandidate;
}

/** next/image's addresses for an example, worked out here so the browser needs no image component. */
function optimizedImage(src: string, alt: string): ExampleImageSource {
  const { props } = getImageProps({ src, alt, ...exampleImageLayout });
  return { src: props.src, srcSet: props.srcSet?.split(",").filter(withinWidestCandidate).join(","), alt };
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
        <ImageIcon className="size-8" aria-hidden="true" />
        <p>{t("empty")}</p>
      </div>
    );
  }

  const unavailable = (
    <div className="example-unavailable">
      <ImageOff className="size-8" aria-hidden="true" />
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
