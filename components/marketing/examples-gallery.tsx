import { getTranslations } from "next-intl/server";
import { CategoryBadge } from "@/components/generation/category-badge";
import { SpriteIcon } from "@/components/layout/sprite-icon";
import { shippedExampleTitleKey } from "@/lib/example-seed";
import { getActiveExamples } from "@/lib/examples/active-examples";
import { ExampleImage } from "./example-image";

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

  return (
    <ul data-testid="examples-gallery" className="grid grid-cols-2 gap-3 sm:grid-cols-3 sm:gap-4">
      {examples.map((example) => (
        <li key={example.id} data-testid="example-card">
          <figure className="group example-card">
            <div className="example-frame">
              <ExampleImage path={example.imageUrl} alt={titleOf(example)} unavailableLabel={t("imageUnavailable")} />
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
