// The types of imported static files (icon-sprite.svg: StaticImageData), which next-env.d.ts
// brings only once `next build` or `next dev` has written it: the typecheck runs before either.
/// <reference types="next/image-types/global" />
