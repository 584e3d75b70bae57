/**
 * Connected regions of a binary mask (one byte a pixel, 1 in, 0 out; 4-connected): the largest
 * one, and holes filled. A cut-out keeps its one object, without specks beside it or pinholes in it.
 */

/** Labels of the regions of value `value` (from 1), with each label's size (index = label). */
export function labelRegions(mask: Uint8Array, width: number, height: number, value: number): { labels: Int32Array; sizes: number[] } {
  const labels = new Int32Array(width * height);
  const queue = new Int32Array(width * height);
  const sizes = [0];
  for (let start = 0; start < labels.length; start += 1) {
    if (mask[start] !== value || labels[start] !== 0) continue;
    const label = sizes.length;
    let head = 0;
    let tail = 0;
    labels[start] = label;
    queue[tail++] = start;
    while (head < tail) {
      const index = queue[head++]!;
      const x = index % width;
      const neighbours = [x > 0 ? index - 1 : -1, x < width - 1 ? index + 1 : -1, index - width, index + width];
      for (const next of neighbours) {
        if (next < 0 || next >= labels.length || mask[next] !== value || labels[next] !== 0) continue;
        labels[next] = label;
        queue[tail++] = next;
      }
    }
    sizes.push(tail);
  }
  return { labels, sizes };
}

/** Only the largest region of 1s. */
export function largestRegion(mask: Uint8Array, width: number, height: number): Uint8Array {
  const { labels, sizes } = labelRegions(mask, width, height, 1);
  let best = 0;
  for (let label = 1; label < sizes.length; label += 1) if (sizes[label]! > (sizes[best] ?? 0)) best = label;
  return Uint8Array.from(labels, (label) => (best > 0 && label === best ? 1 : 0));
}

/** Holes (regions of 0s the border does not reach) filled when smaller than `maxShare` of the 1s; every hole with the default. */
export function fillSmallHoles(mask: Uint8Array, width: number, height: number, maxShare = Number.POSITIVE_INFINITY): Uint8Array {
  const { labels, sizes } = labelRegions(mask, width, height, 0);
  const touchesBorder = new Uint8Array(sizes.length);
  for (let x = 0; x < width; x += 1) {
    touchesBorder[labels[x]!] = 1;
    touchesBorder[labels[(height - 1) * width + x]!] = 1;
  }
  for (let y = 0; y < height; y += 1) {
    touchesBorder[labels[y * width]!] = 1;
    touchesBorder[labels[y * width + width - 1]!] = 1;
  }
  let area = 0;
  for (const value of mask) area += value;
  const limit = area * maxShare;
  return Uint8Array.from(mask, (value, index) => {
    const label = labels[index]!;
    return value === 1 || (touchesBorder[label] === 0 && sizes[label]! <= limit) ? 1 : 0;
  });
}
