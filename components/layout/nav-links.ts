/** Where the header's links lead: signed-in users go to the dashboard instead of the landing page (spec §2 Header). */
export function headerLinks(signedIn: boolean) {
  return {
    home: signedIn ? "/dashboard" : "/",
    tools: signedIn ? "/dashboard" : "/#tools",
    examples: signedIn ? "/dashboard#examples" : "/#examples",
    signIn: "/auth",
    signUp: "/auth?mode=signup",
  } as const;
}

export type HeaderLinks = ReturnType<typeof headerLinks>;
