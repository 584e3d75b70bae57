import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { getTranslations } from "next-intl/server";
import { AuthPanel } from "@/components/auth/auth-panel";
import { AuthShell } from "@/components/auth/auth-shell";
import { googleSignInEnabled } from "@/lib/auth/auth";
import { afterSignInPath, safeCallbackPath } from "@/lib/auth/routes";
import { getSessionUser } from "@/lib/auth/session";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("auth");
  return { title: t("metaTitle") };
}

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

const single = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);

/** Sign-in and sign-up (spec §2 /auth): ?mode=signup opens sign-up, ?callbackUrl returns afterwards. */
export default async function AuthPage({ searchParams }: { searchParams: SearchParams }) {
  if (await getSessionUser()) redirect(afterSignInPath);
  const params = await searchParams;
  // Only same-site paths survive; anything else is dropped and sign-in leads to the dashboard.
  const callbackUrl = safeCallbackPath(single(params.callbackUrl), "") || undefined;

  return (
    <AuthShell>
      <AuthPanel
        initialMode={single(params.mode) === "signup" ? "signup" : "signin"}
        callbackUrl={callbackUrl}
        googleEnabled={googleSignInEnabled()}
        error={single(params.error)}
      />
    </AuthShell>
  );
}
