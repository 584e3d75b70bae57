/** The OAuth client the e2e app server and the fake OpenID provider agree on. */
export const fakeGoogleClient = { id: "e2e-google-client", secret: "e2e-google-secret" } as const;
