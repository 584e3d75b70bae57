/** Smooth value noise (fractal, seeded): the grain of marble, wood, sand and stone. */

export type Noise2D = (x: number, y: number) => number;

export function valueNoise(random: () => number, octaves = 4): Noise2D {
  const size = 256;
  const lattice = Float32Array.from({ length: size * size }, () => random());
  const at = (x: number, y: number) => lattice[(((y % size) + size) % size) * size + (((x % size) + size) % size)]!;
  const smooth = (t: number) => t * t * (3 - 2 * t);
  const single = (x: number, y: number) => {
    const x0 = Math.floor(x);
    const y0 = Math.floor(y);
    const fx = smooth(x - x0);
    const fy = smooth(y - y0);
    const top = at(x0, y0) + (at(x0 + 1, y0) - at(x0, y0)) * fx;
    const bottom = at(x0, y0 + 1) + (at(x0 + 1, y0 + 1) - at(x0, y0 + 1)) * fx;
    return top + (bottom - top) * fy;
  };
  return (x, y) => {
    let sum = 0;
    let amplitude = 0.5;
    let frequency = 1;
    for (let octave = 0; octave < octaves; octave += 1) {
      sum += amplitude * single(x * frequency, y * frequency);
      amplitude *= 0.5;
      frequency *= 2;
    }
    return sum / (1 - 0.5 ** octaves);
  };
}
