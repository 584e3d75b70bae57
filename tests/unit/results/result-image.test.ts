import { createElement, type ComponentProps } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { NextIntlClientProvider } from "next-intl";
import { describe, expect, it } from "vitest";
import { ResultImage } from "@/components/results/result-image";
import messages from "@/messages/en.json";

const intl = { locale: "en", messages, timeZone: "UTC" } as ComponentProps<typeof NextIntlClientProvider>;

function render(props: ComponentProps<typeof ResultImage>): string {
  return renderToStaticMarkup(createElement(NextIntlClientProvider, intl, createElement(ResultImage, props)));
}

describe("ResultImage (spec §2 result images)", () => {
  it("is a plain image from the owner-only route, filling its box and loaded as it nears the screen", () => {
    const html = render({ src: "/api/images/abc", alt: "Hair Changer result 1", className: "image-tile-image" });
    expect(html).toMatch(/^<img [^>]*\/>$/);
    expect(html).toContain('src="/api/images/abc"');
    expect(html).toContain('alt="Hair Changer result 1"');
    expect(html).toContain('loading="lazy"');
    expect(html).toContain('class="result-image object-cover image-tile-image"');
    // next/image's per-image inline styles and its optimizer's addresses are gone.
    expect(html).not.toContain("style=");
    expect(html).not.toContain("/_next/image");
  });

  it("loads the viewer's image at once, contained", () => {
    const html = render({ src: "/api/images/abc", alt: "Image 1 of 3", fit: "contain", priority: true });
    expect(html).toContain('loading="eager"');
    expect(html).toContain('fetchPriority="high"');
    expect(html).toContain("object-contain");
  });

  it("lets a tile pick a smaller copy from the route, and keeps the full image as its fallback", () => {
    const html = render({ src: "/api/images/abc", alt: "Hair Changer result 1", sizes: "(min-width: 640px) 34vw, 50vw" });
    expect(html).toContain('srcSet="/api/images/abc?w=256 256w, /api/images/abc?w=512 512w, /api/images/abc?w=768 768w, /api/images/abc?w=1024 1024w"');
    expect(html).toContain('sizes="(min-width: 640px) 34vw, 50vw"');
    expect(html).toContain('src="/api/images/abc"');
    // The viewer's image has no smaller copies.
    expect(render({ src: "/api/images/abc", alt: "Image 1 of 3", priority: true })).not.toContain("srcSet");
  });
});
