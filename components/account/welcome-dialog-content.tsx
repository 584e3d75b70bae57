"use client";

import Link from "next/link";
import { Gift } from "@/components/icons/gift";
import { Sparkles } from "@/components/icons/sparkles";
import { useTranslations } from "next-intl";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@/components/ui/dialog";

/** The welcome dialog itself (welcome-dialog.tsx decides whether it shows). */
export function WelcomeDialogContent({ credits, open, onClose }: { credits: number; open: boolean; onClose: () => void }) {
  const t = useTranslations("welcome");

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next) onClose();
      }}
    >
      <DialogContent data-testid="welcome-dialog" className="overflow-hidden">
        <div
          aria-hidden="true"
          className="pointer-events-none absolute inset-x-0 top-0 h-32 bg-[radial-gradient(ellipse_at_top,var(--hero-glow),transparent_70%)]"
        />
        <DialogHeader className="relative items-center">
          <span className="flex size-14 items-center justify-center rounded-2xl bg-linear-to-br from-brand-from to-brand-to text-white shadow-lg shadow-primary/25">
            <Gift className="size-7" aria-hidden="true" />
          </span>
          <DialogTitle className="mt-2 text-2xl">{t("title")}</DialogTitle>
          <DialogDescription className="text-base">{t("description", { count: credits })}</DialogDescription>
        </DialogHeader>
        <p className="relative mx-auto inline-flex items-center gap-2 rounded-full border border-primary/30 bg-primary/10 px-4 py-1.5 text-sm font-semibold text-primary">
          <Sparkles className="size-4" aria-hidden="true" />
          {t("credits", { count: credits })}
        </p>
        <DialogFooter className="relative">
          <Button asChild variant="brand" size="lg" className="w-full" data-testid="welcome-start">
            <Link href="/dashboard" onClick={onClose}>
              {t("start")}
            </Link>
          </Button>
          <p className="text-center text-xs text-muted-foreground">{t("footer")}</p>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
