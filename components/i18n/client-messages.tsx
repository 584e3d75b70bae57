import { NextIntlClientProvider } from "next-intl";
import { getMessages } from "next-intl/server";
import { pickMessages, type ClientNamespace } from "@/lib/i18n/pick-messages";

/**
 * Hands the client components below it these namespaces of the messages, and only these: a
 * nested provider replaces the messages of the one above it (the site's chrome, whose
 * components sit outside). app/client-namespaces.ts lists each route's, checked by a test.
 */
export async function ClientMessages({
  namespaces,
  children,
}: {
  namespaces: readonly ClientNamespace[];
  children: React.ReactNode;
}) {
  const messages = await getMessages();
  return <NextIntlClientProvider messages={pickMessages(messages, namespaces)}>{children}</NextIntlClientProvider>;
}
