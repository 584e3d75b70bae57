/**
 * The cause keys of credit ledger rows (decision 1): one unique key per cause, so writing the
 * same cause twice fails instead of counting twice. They live beside the ledger's queries,
 * which look rows up by them; lib/credits writes them.
 */
export const causeKeys = {
  signup: (userId: string) => `signup:${userId}`,
  generationSpend: (generationId: string) => `generation:${generationId}:spend`,
  generationRefund: (generationId: string) => `generation:${generationId}:refund`,
  purchase: (purchaseId: string) => `purchase:${purchaseId}`,
  /** Taking back what a purchase bought once `refundedMinor` of its price went back (cumulative). */
  purchaseReversal: (purchaseId: string, refundedMinor: number) => `purchase:${purchaseId}:reversal:${refundedMinor}`,
  /** The start of one month of a subscription's allowance (decision 6): granted once. */
  subscriptionMonth: (subscriptionId: string, monthStart: Date) =>
    `allowance:${subscriptionId}:${Math.floor(monthStart.getTime() / 1000)}`,
  /** The subscription and month a `subscriptionMonth` key names; undefined for any other key. */
  parseSubscriptionMonth: (causeKey: string): { subscriptionId: string; monthStart: Date } | undefined => {
    const match = /^allowance:(.+):(\d+)$/.exec(causeKey);
    return match?.[1] && match[2] ? { subscriptionId: match[1], monthStart: new Date(Number(match[2]) * 1000) } : undefined;
  },
  stripeEvent: (eventId: string) => `stripe:${eventId}`,
  /**
   * A dispute's hold, and the release that ends it. A refund during the dispute ends the hold
   * and holds again what the refund left (keyed by the refunded total), so each hold has its release.
   */
  disputeHold: (disputeId: string, refundedMinor?: number) => `dispute:${disputeId}:hold${refundedMinor ? `:${refundedMinor}` : ""}`,
  disputeRelease: (disputeId: string, refundedMinor?: number) => `dispute:${disputeId}:release${refundedMinor ? `:${refundedMinor}` : ""}`,
  /** The release of the hold `holdKey` (either form above). */
  releaseOfHold: (holdKey: string) => holdKey.replace(/:hold(?=(:\d+)?$)/, ":release"),
  disputeLost: (disputeId: string) => `dispute:${disputeId}:lost`,
} as const;
