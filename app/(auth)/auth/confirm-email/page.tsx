import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { AuthShell } from "@/components/auth/auth-shell";
import { ConfirmEmailForm } from "@/components/auth/confirm-email-form";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("auth.confirmEmail");
  return { title: t("metaTitle") };
}

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

/** The page the confirmation email links to (?token=...). */
export default async function ConfirmEmailPage({ searchParams }: { searchParams: SearchParams }) {
  const { token } = await searchParams;
  return (
    <AuthShell>
      <ConfirmEmailForm token={typeof token === "string" ? token : ""} />
    </AuthShell>
  );
}
