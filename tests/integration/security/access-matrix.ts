import type { HttpMethod } from "./app-surface";

/**
 * The access-control matrix (issue #11): every page, route handler and server action, who may
 * use it, and how a visitor and a second user (the "stranger") try to reach the first user's
 * (the "victim's") generation, image, zip, purchase and profile through it. The result must be
 * 0 successes and 0 leaks.
 *
 * To add a page, route or action: add its entry below. tests/unit/security/access-matrix-coverage
 * compares these keys with the files on disk (app-surface.ts), so a new one without an entry (or
 * an entry without a file) fails. tests/e2e/access-matrix.spec.ts requests every page and route
 * over HTTP; tests/integration/security/action-access.test.ts calls every action directly.
 */

/** What the victim owns; the tests create it and look for each value in every answer. */
export interface Victim {
  email: string;
  /** A finished AI Product generation. */
  generationId: string;
  /** One of its result images. */
  imageId: string;
  /** A pending order in the built-in test checkout. */
  purchaseId: string;
  /** Text only the victim's generation contains (its prompt). */
  prompt: string;
}

// Pages ---------------------------------------------------------------------------------------

/** The tool slugs of app/(app)/[tool]. */
const flowSlugs = ["ai-product", "hair-changer", "body-shaper"] as const;
const flowPages = (step: string, query = "") => () => flowSlugs.map((slug) => `/${slug}/${step}${query}`);

export type PageEntry =
  /** Anyone; visitors and the stranger only must not see anything of the victim's. */
  | { access: "public"; probes: (victim: Victim) => string[] }
  /**
   * Signed-in users only: a visitor is sent to sign in. The stranger may see their own page, but
   * nothing of the victim's; `strangerStatus` is the status the victim's resource must answer.
   */
  | { access: "user"; probes: (victim: Victim) => string[]; strangerStatus?: number };

export const pageMatrix: Record<string, PageEntry> = {
  "/": { access: "public", probes: () => ["/"] },
  "/headshot-pro": { access: "public", probes: () => ["/headshot-pro"] },
  "/auth": { access: "public", probes: () => ["/auth", "/auth?mode=signup"] },
  "/auth/confirm-email": { access: "public", probes: () => ["/auth/confirm-email?token=forged"] },
  "/auth/sign-in-link": { access: "public", probes: () => ["/auth/sign-in-link?token=forged"] },
  "/auth/forgot-password": { access: "public", probes: () => ["/auth/forgot-password"] },
  "/auth/reset-password": { access: "public", probes: () => ["/auth/reset-password?token=forged"] },
  // The prerendered /, /headshot-pro and /auth (lib/routing/public-pages.ts): proxy.ts answers
  // their internal addresses as unknown pages; visitors reach them through the public ones above.
  "/prerendered/[locale]": { access: "public", probes: () => ["/prerendered/en"] },
  "/prerendered/[locale]/headshot-pro": { access: "public", probes: () => ["/prerendered/de/headshot-pro"] },
  "/prerendered/[locale]/auth/[[...mode]]": { access: "public", probes: () => ["/prerendered/en/auth", "/prerendered/en/auth/signup"] },

  "/dashboard": { access: "user", probes: () => ["/dashboard"] },
  "/activity": {
    access: "user",
    probes: (victim) => ["/activity", "/activity?focus=latest", `/activity?session_id=test_${victim.purchaseId}`],
  },
  "/gallery/[id]": {
    access: "user",
    probes: (victim) => [`/gallery/${victim.generationId}`, `/gallery/${victim.imageId}`],
    strangerStatus: 404,
  },
  "/subscription": { access: "user", probes: (victim) => ["/subscription", `/subscription?session_id=test_${victim.purchaseId}`, "/subscription?history=2"] },
  "/subscription/manage": { access: "user", probes: () => ["/subscription/manage"] },
  "/subscription/receipts/[purchaseId]": {
    access: "user",
    probes: (victim) => [`/subscription/receipts/${victim.purchaseId}`],
    strangerStatus: 404,
  },
  // A Stripe plan's month (a ledger row's id): any id not of the user's own history is 404.
  "/subscription/receipts/plan/[entryId]": {
    access: "user",
    probes: (victim) => [`/subscription/receipts/plan/${victim.purchaseId}`, `/subscription/receipts/plan/${victim.generationId}`],
    strangerStatus: 404,
  },
  "/privacy": { access: "user", probes: () => ["/privacy"] },
  "/checkout/test/[purchaseId]": {
    access: "user",
    probes: (victim) => [`/checkout/test/${victim.purchaseId}`],
    strangerStatus: 404,
  },

  "/[tool]/step1": { access: "user", probes: flowPages("step1") },
  "/[tool]/step2": { access: "user", probes: flowPages("step2") },
  "/[tool]/loading": { access: "user", probes: (victim) => flowPages("loading", `?id=${victim.generationId}`)() },
  "/[tool]/results": { access: "user", probes: (victim) => flowPages("results", `?id=${victim.generationId}`)() },

  "/headshot-pro/step1": { access: "user", probes: () => ["/headshot-pro/step1"] },
  "/headshot-pro/step2": { access: "user", probes: () => ["/headshot-pro/step2"] },
  "/headshot-pro/step3": { access: "user", probes: () => ["/headshot-pro/step3"] },
  "/headshot-pro/step4": { access: "user", probes: () => ["/headshot-pro/step4"] },
  "/headshot-pro/payment": { access: "user", probes: () => ["/headshot-pro/payment"] },
  "/headshot-pro/packs": { access: "user", probes: () => ["/headshot-pro/packs"] },
  "/headshot-pro/loading": { access: "user", probes: (victim) => [`/headshot-pro/loading?id=${victim.generationId}`] },
  "/headshot-pro/results": { access: "user", probes: (victim) => [`/headshot-pro/results?id=${victim.generationId}`] },
};

// Route handlers ------------------------------------------------------------------------------

export interface RouteProbe {
  method: HttpMethod;
  path: string;
  headers?: Record<string, string>;
  body?: string;
}

export interface RouteEntry {
  /** Exactly the methods its route.ts exports; every one is probed. */
  methods: HttpMethod[];
  /**
   * user: a visitor is refused (401, 403 or 404).
   * public: anyone gets an answer, which must hold nothing of the victim's.
   * own-check: the handler has its own proof instead of a session (a signature); forgeries are refused.
   */
  access: "user" | "public" | "own-check";
  /** refused: the stranger's requests for the victim's things answer 4xx. own: the stranger gets their own data. */
  stranger: "refused" | "own";
  probes: (victim: Victim) => RouteProbe[];
}

export const routeMatrix: Record<string, RouteEntry> = {
  "/api/generations/[id]": {
    methods: ["GET"],
    access: "user",
    stranger: "refused",
    probes: (victim) => [
      { method: "GET", path: `/api/generations/${victim.generationId}` },
      { method: "GET", path: `/api/generations/${victim.imageId}` },
    ],
  },
  "/api/generations/[id]/zip": {
    methods: ["GET"],
    access: "user",
    stranger: "refused",
    probes: (victim) => [{ method: "GET", path: `/api/generations/${victim.generationId}/zip` }],
  },
  "/api/images/[id]": {
    methods: ["GET"],
    access: "user",
    stranger: "refused",
    probes: (victim) => [
      { method: "GET", path: `/api/images/${victim.imageId}` },
      { method: "GET", path: `/api/images/${victim.imageId}?download=1` },
    ],
  },
  "/api/activity/fingerprint": {
    methods: ["GET"],
    // A visitor gets the fixed "signed-out" fingerprint (lib/api/fingerprint-response.ts).
    access: "public",
    stranger: "own",
    probes: () => [{ method: "GET", path: "/api/activity/fingerprint" }],
  },
  "/api/account/fingerprint": {
    methods: ["GET"],
    // A visitor gets the fixed "signed-out" fingerprint (lib/api/fingerprint-response.ts).
    access: "public",
    stranger: "own",
    probes: () => [{ method: "GET", path: "/api/account/fingerprint" }],
  },
  "/api/privacy/export": {
    methods: ["GET"],
    access: "user",
    stranger: "own",
    probes: () => [{ method: "GET", path: "/api/privacy/export" }],
  },
  "/api/files/[...key]": {
    methods: ["GET"],
    access: "own-check",
    stranger: "refused",
    // Signed links of the local storage: without a valid signature nothing is served.
    probes: (victim) => [
      { method: "GET", path: `/api/files/results/${victim.generationId}/${victim.imageId}.png` },
      { method: "GET", path: `/api/files/results/${victim.generationId}/${victim.imageId}.png?expires=9999999999&signature=forged` },
    ],
  },
  "/api/stripe/webhook": {
    methods: ["POST"],
    access: "own-check",
    stranger: "refused",
    // A forged "paid" event for the victim's order: the signature check refuses it.
    probes: (victim) => [
      {
        method: "POST",
        path: "/api/stripe/webhook",
        headers: { "content-type": "application/json", "stripe-signature": "t=1,v1=forged" },
        body: JSON.stringify({
          id: "evt_forged",
          type: "checkout.session.completed",
          data: { object: { id: `cs_forged`, metadata: { purchaseId: victim.purchaseId }, payment_status: "paid" } },
        }),
      },
    ],
  },
  "/api/engines/[engine]/callback": {
    methods: ["POST"],
    access: "own-check",
    stranger: "refused",
    // Forged "succeeded" callbacks of Replicate and fal for the victim's job: the signature check refuses them.
    probes: (victim): RouteProbe[] => [
      {
        method: "POST",
        path: `/api/engines/replicate/callback?generation=${victim.generationId}`,
        headers: {
          "content-type": "application/json",
          "webhook-id": "msg_forged",
          "webhook-timestamp": String(Math.floor(Date.now() / 1000)),
          "webhook-signature": "v1,Zm9yZ2VkIHNpZ25hdHVyZQ==",
        },
        body: JSON.stringify({ id: "forged-prediction", status: "succeeded", output: ["https://attacker.example/x.png"] }),
      },
      {
        method: "POST",
        path: `/api/engines/fal/callback?generation=${victim.generationId}`,
        headers: {
          "content-type": "application/json",
          "x-fal-webhook-request-id": "forged-request",
          "x-fal-webhook-user-id": "attacker",
          "x-fal-webhook-timestamp": String(Math.floor(Date.now() / 1000)),
          "x-fal-webhook-signature": "00".repeat(64),
        },
        body: JSON.stringify({ request_id: "forged-request", status: "OK", payload: { images: [{ url: "https://attacker.example/x.png" }] } }),
      },
    ],
  },
  "/api/auth/[...nextauth]": {
    methods: ["GET", "POST"],
    access: "public",
    stranger: "own",
    // Auth.js: the session answers for the caller only; its POSTs need Auth.js's CSRF token.
    probes: (victim) => [
      { method: "GET", path: "/api/auth/session" },
      { method: "GET", path: "/api/auth/csrf" },
      {
        method: "POST",
        path: "/api/auth/callback/credentials",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ email: victim.email, password: "not the victim's password" }).toString(),
      },
    ],
  },
  "/api/health": { methods: ["GET"], access: "public", stranger: "own", probes: () => [{ method: "GET", path: "/api/health" }] },
  "/auth/session-ended": {
    methods: ["GET"],
    access: "public",
    stranger: "own",
    // Clears only a session whose account is gone; a live one is left alone.
    probes: () => [{ method: "GET", path: "/auth/session-ended?callbackUrl=/dashboard" }],
  },
};

// Server actions ------------------------------------------------------------------------------

export type ActionEntry =
  /** publicAction: anyone may call it (sign-in, sign-up, language, ...); `why` says why that is safe. */
  | { access: "public"; why: string }
  /**
   * userAction: a visitor gets errors.unauthenticated. The stranger calls it with `strangerInput`:
   * "victim" inputs name the victim's things and must fail; "own" inputs can only act on the
   * caller's own account. Either way the victim's data stays as it was and no answer holds any of it.
   */
  | { access: "user"; target: "victim" | "own"; strangerInput: (victim: Victim) => Record<string, unknown> };

export const actionMatrix: Record<string, ActionEntry> = {
  signInAction: { access: "public", why: "Signs in the caller with their own password; failures are rate limited and say nothing about the account." },
  signUpAction: { access: "public", why: "Creates a new account; an existing email is answered like a new one." },
  signOutAction: { access: "public", why: "Ends the caller's own session." },
  confirmEmailAction: { access: "public", why: "Needs the single-use token mailed to the address." },
  resetPasswordAction: { access: "public", why: "Needs the single-use token mailed to the address." },
  requestPasswordResetAction: { access: "public", why: "Mails the address's owner; the answer is the same for unknown addresses." },
  resendConfirmationAction: { access: "public", why: "Mails the address's owner; the answer is the same for unknown addresses." },
  requestSignInLinkAction: { access: "public", why: "Mails the address's owner; the answer is the same for unknown addresses." },
  signInWithLinkAction: { access: "public", why: "Needs the single-use token mailed to the address." },
  setLocaleAction: { access: "public", why: "Sets the caller's language cookie." },

  deleteImageAction: { access: "user", target: "victim", strangerInput: (victim) => ({ imageId: victim.imageId }) },
  createEditAction: { access: "user", target: "victim", strangerInput: (victim) => ({ imageId: victim.imageId, prompt: "make it mine" }) },
  payTestCheckoutAction: { access: "user", target: "victim", strangerInput: (victim) => ({ purchaseId: victim.purchaseId }) },
  cancelTestCheckoutAction: { access: "user", target: "victim", strangerInput: (victim) => ({ purchaseId: victim.purchaseId }) },
  closeCancelledCheckoutAction: { access: "user", target: "victim", strangerInput: (victim) => ({ purchaseId: victim.purchaseId }) },
  payCashPackAgainAction: { access: "user", target: "victim", strangerInput: (victim) => ({ generationId: victim.generationId }) },
  getCheckoutStatusAction: { access: "user", target: "victim", strangerInput: (victim) => ({ sessionId: `test_${victim.purchaseId}` }) },
  deleteAccountAction: { access: "user", target: "victim", strangerInput: (victim) => ({ confirmEmail: victim.email }) },

  deleteAllPhotosAction: { access: "user", target: "own", strangerInput: () => ({}) },
  signOutEverywhereAction: { access: "user", target: "own", strangerInput: () => ({}) },
  openCustomerPortalAction: { access: "user", target: "own", strangerInput: () => ({}) },
  updateTestPlanAction: { access: "user", target: "own", strangerInput: () => ({ action: "cancel" }) },
  createGenerationAction: {
    access: "user",
    target: "own",
    strangerInput: (victim) => ({ tool: "ai_product", options: { prompt: victim.prompt, dimension: "auto" }, image: null }),
  },
  // Looks only at the photo the caller sends; an empty one is refused before any model runs.
  checkPhotoAction: { access: "user", target: "own", strangerInput: () => ({ tool: "headshot_pro", image: "data:image/png;base64," }) },
  createSubscriptionCheckoutAction: { access: "user", target: "own", strangerInput: () => ({ planId: "pro", billingCycle: "monthly" }) },
  createCreditCheckoutAction: { access: "user", target: "own", strangerInput: () => ({ credits: 30 }) },
  createCashPackCheckoutAction: {
    access: "user",
    target: "own",
    strangerInput: () => ({ packageType: "10_headshots", options: { gender: "female" }, image: null }),
  },
};
