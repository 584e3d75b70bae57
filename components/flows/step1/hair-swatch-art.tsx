import { useId } from "react";
import type { Gender } from "@/lib/generation/catalog";
import { hairSwatches } from "./look-swatches";

/**
 * A small flat portrait for each Hair Changer tile, drawn in the style's colours: one of a few
 * silhouettes (short, long, bob, curls, bun, ponytail, locks) plus details such as a headband
 * or beads. No external images; styles the table does not know get a short neutral cut.
 */
type Silhouette = "short" | "spiky" | "undercut" | "sidePart" | "long" | "bob" | "curls" | "afro" | "bun" | "ponytail" | "locks" | "cornrows";

const silhouettes: Record<Gender, Record<string, Silhouette>> = {
  female: {
    blonde: "long", brunette: "long", curly: "curls", short: "short", long: "long", afro: "afro", waves: "long",
    dreadlocks: "locks", ponytail: "ponytail", curlyBob: "curls", sweptBangs: "sidePart", headband: "long",
    braided: "locks", redhead: "long", pixieCut: "short", colorful: "long", clown: "afro",
  },
  male: {
    blonde: "short", classicShort: "short", classicBlack: "short", sidePart: "sidePart", undercut: "undercut",
    spiky: "spiky", messy: "spiky", manBun: "bun", lowPonytail: "ponytail", longStraight: "long", headband: "bob",
    dreadlocks: "locks", curlyAfro: "afro", curly: "curls", cornrows: "cornrows", colorful: "short",
    braidedPonytail: "ponytail", braidedBeads: "locks",
  },
};

/** Hair drawn behind the head (length), then in front of it (the top and fringe). */
const backHair: Partial<Record<Silhouette, string>> = {
  long: "M30 46C30 22 41 16 50 16C59 16 70 22 70 46L72 86C64 90 36 90 28 86Z",
  locks: "M30 46C30 22 41 16 50 16C59 16 70 22 70 46L71 84C64 88 36 88 29 84Z",
  bob: "M30 46C30 22 41 16 50 16C59 16 70 22 70 46L70 64C63 68 37 68 30 64Z",
  ponytail: "M62 30C79 33 82 54 74 74C72 62 70 49 60 41Z",
};
const frontHair: Record<Silhouette, string> = {
  short: "M33 45C32 26 41 19 50 19C59 19 68 26 67 45C64 37 58 32 50 32C42 32 36 37 33 45Z",
  spiky: "M33 43L35 24L41 30L44 16L50 27L56 15L59 29L65 22L67 43C62 35 57 32 50 32C43 32 38 35 33 43Z",
  undercut: "M35 36C35 23 43 18 50 18C58 18 65 23 65 36C59 30 41 30 35 36Z",
  sidePart: "M33 46C32 26 41 19 50 19C59 19 68 26 67 46C66 38 60 32 45 34C40 35 35 40 33 46Z",
  long: "M32 48C31 26 41 18 50 18C59 18 69 26 68 48C64 37 57 31 50 31C43 31 36 37 32 48Z",
  bob: "M32 48C31 26 41 18 50 18C59 18 69 26 68 48C64 37 57 31 50 31C43 31 36 37 32 48Z",
  curls: "M28 52C22 44 26 33 31 31C30 22 38 15 46 17C51 12 61 14 64 20C72 21 76 30 72 37C78 43 75 53 70 56C69 44 62 33 50 33C39 33 31 42 28 52Z",
  afro: "M50 8C68 8 80 19 80 36C80 48 74 56 68 60C67 45 61 33 50 33C39 33 33 45 32 60C26 56 20 48 20 36C20 19 32 8 50 8Z",
  bun: "M33 45C32 26 41 19 50 19C59 19 68 26 67 45C64 37 58 32 50 32C42 32 36 37 33 45Z",
  ponytail: "M33 45C32 26 41 19 50 19C59 19 68 26 67 45C64 37 58 32 50 32C42 32 36 37 33 45Z",
  locks: "M32 48C31 26 41 18 50 18C59 18 69 26 68 48C64 37 57 31 50 31C43 31 36 37 32 48Z",
  cornrows: "M34 42C33 25 42 19 50 19C58 19 67 25 66 42C61 35 56 33 50 33C44 33 39 35 34 42Z",
};

export function HairSwatchArt({ id, gender }: { id: string; gender: Gender }) {
  const gradientId = useId();
  const silhouette = silhouettes[gender][id] ?? "short";
  const colours = hairSwatches[id] ?? ["#a07c5c", "#5c4330", "#2a1e15"];
  const fill = `url(#${gradientId})`;
  const back = backHair[silhouette];

  return (
    <svg viewBox="0 0 100 100" className="size-full" aria-hidden="true">
      <defs>
        <linearGradient id={gradientId} x1="0" y1="0" x2="1" y2="1">
          {colours.map((colour, index) => (
            <stop key={colour} offset={colours.length > 1 ? index / (colours.length - 1) : 0} stopColor={colour} />
          ))}
        </linearGradient>
      </defs>
      {silhouette === "afro" || silhouette === "curls" ? null : back ? <path d={back} fill={fill} /> : null}
      <path d="M14 100C14 80 30 72 50 72C70 72 86 80 86 100Z" className="fill-slate-400 dark:fill-slate-600" />
      <rect x="44" y="58" width="12" height="16" rx="5" className="fill-[#dcb394]" />
      <ellipse cx="50" cy="46" rx="16" ry="19" className="fill-[#ecc9ab]" />
      {silhouette === "bun" ? <circle cx="50" cy="14" r="8" fill={fill} /> : null}
      <path d={frontHair[silhouette]} fill={fill} />
      {silhouette === "locks" || silhouette === "cornrows" ? <HairLines silhouette={silhouette} /> : null}
      {id === "headband" ? <path d="M33 36C40 28 60 28 67 36" fill="none" stroke="#f472b6" strokeWidth="4" strokeLinecap="round" /> : null}
      {id === "braidedBeads" ? <Beads /> : null}
    </svg>
  );
}

/** Darker strands: locks hang to the shoulders, cornrows run front to back. */
function HairLines({ silhouette }: { silhouette: "locks" | "cornrows" }) {
  const lines =
    silhouette === "locks"
      ? ["M33 50V82", "M37 48V85", "M63 48V85", "M67 50V82"]
      : ["M40 36C41 28 43 23 45 20", "M50 33V19", "M60 36C59 28 57 23 55 20"];
  return (
    <g fill="none" stroke="rgb(0 0 0 / 0.28)" strokeWidth="1.6" strokeLinecap="round">
      {lines.map((line) => (
        <path key={line} d={line} />
      ))}
    </g>
  );
}

function Beads() {
  return (
    <g className="fill-amber-300">
      {[
        [33, 84],
        [37, 87],
        [63, 87],
        [67, 84],
      ].map(([cx, cy]) => (
        <circle key={`${cx}-${cy}`} cx={cx} cy={cy} r="2.2" />
      ))}
    </g>
  );
}
