/** The soft brand-coloured light behind a page's hero (a gradient, cheaper than a blur filter). */
export function HeroGlow() {
  return (
    <div
      aria-hidden="true"
      className="pointer-events-none absolute inset-x-0 -top-56 -z-10 mx-auto h-[44rem] max-w-6xl bg-[radial-gradient(closest-side,var(--hero-glow),transparent)]"
    />
  );
}
