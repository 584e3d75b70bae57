"use client";

import { NextIntlClientProvider, useLocale, useMessages } from "next-intl";
import { useMemo, useState } from "react";
import { mergeMessages, type MessageTree } from "@/lib/i18n/pick-messages";

/**
 * The messages of the provider above (the site's chrome) with `messages` added, for the client
 * components below: each namespace travels in the page's flight data once (issue 16). Messages
 * sent for one request only stay while the page is shown: the payment return banner keeps its
 * session after router.refresh has dropped the ?session_id= its texts were sent for.
 */
export function AddedMessages({ messages, children }: { messages: MessageTree; children: React.ReactNode }) {
  const locale = useLocale();
  const inherited = useMessages();
  const [lastSent, setLastSent] = useState(messages);
  const sentNow = Object.keys(messages).length > 0;
  // Adjusting state while rendering, React's pattern for state derived from a change.
  if (sentNow && messages !== lastSent) setLastSent(messages);
  const added = sentNow ? messages : lastSent;
  const merged = useMemo(() => mergeMessages(inherited, added), [inherited, added]);
  return (
    <NextIntlClientProvider locale={locale} messages={merged}>
      {children}
    </NextIntlClientProvider>
  );
}
