import { getMessages } from "next-intl/server";
import { siteChromeNamespaces } from "@/app/client-namespaces";
import { omitMessages, pickMessages, type ClientNamespace } from "@/lib/i18n/pick-messages";
import { AddedMessages } from "./added-messages";

/**
 * Adds these namespaces to the messages the site's chrome hands its client components
 * (app/dynamic-root-layout.tsx), for the client components below it. What the chrome already
 * sends is left out, so no text travels twice. app/client-namespaces.ts lists each route's,
 * checked by a test.
 */
export async function ClientMessages({
  namespaces,
  children,
}: {
  namespaces: readonly ClientNamespace[];
  children: React.ReactNode;
}) {
  const messages = await getMessages();
  return <AddedMessages messages={omitMessages(pickMessages(messages, namespaces), siteChromeNamespaces)}>{children}</AddedMessages>;
}
