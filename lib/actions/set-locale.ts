"use server";

import { cookies } from "next/headers";
import { z } from "zod";
import { env } from "@/lib/env";
import { localeCookieName, locales } from "@/lib/i18n/config";
import { publicAction } from "./safe-action";

const oneYearInSeconds = 60 * 60 * 24 * 365;

/** Remembers the language chosen in the language menu. */
export const setLocaleAction = publicAction(z.object({ locale: z.enum(locales) }), async ({ locale }) => {
  (await cookies()).set(localeCookieName, locale, {
    path: "/",
    maxAge: oneYearInSeconds,
    sameSite: "lax",
    secure: env.APP_URL.startsWith("https://"),
  });
  return { locale };
});
