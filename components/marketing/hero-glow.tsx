/** The soft brand-coloured light behind a page's hero (a gradient, cheaper than a blur filter). */
export function HeroGlow() {
  return <div aria-hidden="true" className="hero-glow" />;
}
