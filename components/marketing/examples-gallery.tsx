import { getImageProps } from "next/image";
import { ImageIcon, ImageOff } from "lucide-react";
import { getTranslations } from "next-intl/server";
import { CategoryBadge } from "@/components/generation/category-badge";
import { getActiveExamples } from "@/lib/examples/active-examples";
import { shippedExampleTitleKey } from "@/lib/example-seed";
import { ExampleImage } from "./example-image";

/** next/image's attributes for an example, worked out here so the browser needs no image component. */
function optimizedImage(src: string, alt: string) {
  return getImageProps({
    src,
    alt,
    width: 600,
    height: 800,
    loading: "lazy",
    sizes: "(min-width: 1280px) 416px, (min-width: 640px) 33vw, 50vw",
    className: "size-full object-cover transition-transform duration-300 group-hover:scale-[1.03]",
  }).props;
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
    <div className="flex size-full flex-col items-center justify-center gap-2 bg-muted text-muted-foreground">
      <ImageOff className="size-8" aria-hidden="true" />
      <span className="text-xs">{t("imageUnavailable")}</span>
    </div>
  );

  return (
    <ul data-testid="examples-gallery" className="grid grid-cols-2 gap-3 sm:grid-cols-3 sm:gap-4">
      {examples.map((example) => (
        <li key={example.id} data-testid="example-card">
          <figure className="group relative overflow-hidden rounded-xl border bg-card shadow-sm">
            <div className="aspect-[4/5] overflow-hidden">
              <ExampleImage image={optimizedImage(example.imageUrl, titleOf(example))} fallback={unavailable} />
            </div>
            <figcaption className="absolute inset-x-0 bottom-0 flex flex-col items-start gap-1.5 bg-linear-to-t from-black/75 via-black/40 to-transparent p-3 pt-10 text-white">
              <CategoryBadge category={example.category} tone="solid" />
              <span className="text-sm font-medium leading-tight" data-testid="example-title">
                {titleOf(example)}
              </span>
            </figcaption>
          </figure>
        </li>
      ))}
    </ul>
  );
}
