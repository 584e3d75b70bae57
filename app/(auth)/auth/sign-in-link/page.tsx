import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { AuthShell } from "@/components/auth/auth-shell";
import { SignInLinkForm } from "@/components/auth/sign-in-link-form";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("auth.signInLink");
  return { title: t("metaTitle") };
}

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

/** The page the sign-in email links to (?token=...). */
export default async function SignInLinkPage({ searchParams }: { searchParams: SearchParams }) {
  const { token } = await searchParams;
  return (
    <AuthShell>
      <SignInLinkForm token={typeof token === "string" ? token : ""} />
    </AuthShell>
  );
}
