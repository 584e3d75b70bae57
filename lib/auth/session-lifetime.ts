/** How long a session lasts without use (30 days): the cookie's and its server-side record's lifetime. */
export const sessionMaxAgeSeconds = 30 * 24 * 60 * 60;
