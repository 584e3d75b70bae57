/**
 * Below this detector confidence a face may be a shape a blurred photo makes look like one (a
 * portrait blurred by 8 px: its suit at 0.47; real faces, even blurred or cut by an edge, score
 * about 0.5 and more). Such faces come after the confident ones, however large (people.ts), and
 * are never a second face to the photo check (judge-photo.ts). Its own module: the photo check's
 * rules reach the browser, the models must not.
 */
export const confidentFaceScore = 0.5;
