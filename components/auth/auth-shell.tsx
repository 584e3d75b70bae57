import Link from "next/link";
import { ArrowLeft } from "@/components/icons/arrow-left";
import { getTranslations } from "next-intl/server";

/** The frame of every /auth page: a link home above one centred card. */
export async function AuthShell({ children }: { children: React.ReactNode }) {
  const t = await getTranslations("auth");
  return (
    <div className="relative isolate flex min-h-[calc(100dvh-4rem)] items-start justify-center px-4 py-10 sm:items-center sm:py-16">
      <div
        aria-hidden="true"
        className="absolute inset-x-0 top-0 -z-10 h-72 bg-[radial-gradient(ellipse_at_top,var(--hero-glow),transparent_70%)] opacity-60"
      />
      <div className="w-full max-w-md">
        <Link
          href="/"
          className="mb-4 inline-flex items-center gap-1.5 rounded-md text-sm font-medium text-muted-foreground outline-none hover:text-foreground focus-visible:ring-[3px] focus-visible:ring-ring/50"
          data-testid="auth-back-home"
        >
          <ArrowLeft className="size-4 rtl:rotate-180" aria-hidden="true" />
          {t("backHome")}
        </Link>
        <div className="rounded-2xl border bg-card p-6 text-card-foreground shadow-xl shadow-primary/5 sm:p-8">{children}</div>
      </div>
    </div>
  );
}
