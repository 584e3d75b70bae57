import type { Metadata } from "next";
import { Download } from "@/components/icons/download";
import { ImageOff } from "@/components/icons/image-off";
import { MonitorSmartphone } from "@/components/icons/monitor-smartphone";
import { Timer } from "@/components/icons/timer";
import { UserX } from "@/components/icons/user-x";
import { getTranslations } from "next-intl/server";
import { DeleteAccountDialog } from "@/components/privacy/delete-account-dialog";
import { DeletePhotosDialog } from "@/components/privacy/delete-photos-dialog";
import { PrivacySection } from "@/components/privacy/privacy-section";
import { SignOutEverywhereDialog } from "@/components/privacy/sign-out-everywhere-dialog";
import { Button } from "@/components/ui/button";
import { requireUser } from "@/lib/auth/session";
import { ORIGINALS_RETENTION_DAYS } from "@/lib/retention/delete-expired-originals";
import { routeClientNamespaces } from "@/app/client-namespaces";
import { ClientMessages } from "@/components/i18n/client-messages";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("privacy");
  return { title: t("metaTitle") };
}

/**
 * Decision 12: the user's own data: download it, delete the photos, or delete the account; and
 * decision 23: end every session of the account.
 */
export default async function PrivacyPage() {
  const user = await requireUser("/privacy");
  const t = await getTranslations("privacy");

  return (
    <ClientMessages namespaces={routeClientNamespaces["(app)/privacy/page"]}>
      <div className="mx-auto max-w-3xl space-y-8 px-4 py-8 sm:px-6 lg:px-8">
        <header className="space-y-2">
          <h1 className="text-3xl font-bold tracking-tight">{t("title")}</h1>
          <p className="text-muted-foreground">{t("subtitle")}</p>
        </header>

        <PrivacySection icon={Timer} title={t("retention.title")} testId="privacy-retention">
          <p>{t("retention.body", { days: ORIGINALS_RETENTION_DAYS })}</p>
        </PrivacySection>

        <PrivacySection icon={Download} title={t("download.title")} testId="privacy-download">
          <p>{t("download.body")}</p>
          <Button asChild variant="outline">
            {/* A plain link: the browser streams the zip straight to disk. */}
            <a href="/api/privacy/export" download data-testid="download-my-data">
              <Download aria-hidden="true" />
              {t("download.button")}
            </a>
          </Button>
        </PrivacySection>

        <PrivacySection icon={ImageOff} title={t("deletePhotos.title")} testId="privacy-delete-photos">
          <p>{t("deletePhotos.body")}</p>
          <DeletePhotosDialog />
        </PrivacySection>

        <PrivacySection icon={MonitorSmartphone} title={t("signOutEverywhere.title")} testId="privacy-sign-out-everywhere">
          <p>{t("signOutEverywhere.body")}</p>
          <SignOutEverywhereDialog />
        </PrivacySection>

        <PrivacySection icon={UserX} title={t("deleteAccount.title")} tone="danger" testId="privacy-delete-account">
          <p>{t("deleteAccount.body")}</p>
          <DeleteAccountDialog email={user.email} />
        </PrivacySection>
      </div>
    </ClientMessages>
  );
}
