"use client";

import { NextIntlClientProvider, useLocale, useMessages } from "next-intl";
import { useMemo } from "react";
import { mergeMessages, type MessageTree } from "@/lib/i18n/pick-messages";

/**
 * The messages of the provider above (the site's chrome) with `messages` added, for the client
 * components below: each namespace travels in the page's flight data once (issue 16).
 */
export function AddedMessages({ messages, children }: { messages: MessageTree; children: React.ReactNode }) {
  const locale = useLocale();
  const inherited = useMessages();
  const merged = useMemo(() => mergeMessages(inherited, messages), [inherited, messages]);
  return (
    <NextIntlClientProvider locale={locale} messages={merged}>
      {children}
    </NextIntlClientProvider>
  );
}
