/** Spec §5/§8: 'Insufficient credits'; `available` lets the UI say how many the user has. */
export class InsufficientCreditsError extends Error {
  constructor(
    readonly required: number,
    readonly available: number,
  ) {
    super("Insufficient credits");
    this.name = "InsufficientCreditsError";
  }
}

export class MissingProfileError extends Error {
  constructor(readonly userId: string) {
    super(`No profile for user ${userId}`);
    this.name = "MissingProfileError";
  }
}
