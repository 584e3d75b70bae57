import { z } from "zod";

/** Inputs of the privacy page's actions (decision 12). */
export const deletePhotosInput = z.object({});

/** The account is only deleted when the typed email matches the account's (checked on the server). */
export const deleteAccountInput = z.object({
  confirmEmail: z.string().trim().min(1).max(320),
});
