/** The keys the e2e servers and the hosted-model stand-ins agree on (tests/fakes/start-hosted-fakes.ts). */
export const e2eHostedCredentials = {
  replicateToken: "r8_e2e_fake_token",
  falKey: "e2e-fal-key:e2e-fal-secret",
  geminiKey: "e2e-gemini-key",
};
