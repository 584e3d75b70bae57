/**
 * Upload limits and compression settings of spec §5 and §9, shared by the browser component and
 * the server so both enforce the same numbers.
 */

/** 20 MB, counted in binary megabytes like the browser's File.size message ("exceeds 20MB"). */
export const MAX_IMAGE_BYTES = 20 * 1024 * 1024;

/**
 * The largest server-action request: the 20 MB upload as a base64 data URL (about 27 MB) plus
 * the tool's options. next.config.ts gives Next.js this limit for actions and for proxy.ts.
 */
export const MAX_ACTION_BODY_BYTES = 30 * 1024 * 1024;

/** Beyond this the pixel buffer alone would need ~160 MB; also stops decompression bombs. */
export const MAX_IMAGE_PIXELS = 40_000_000;

/** Uploads are scaled to fit this square, in the browser and again on the server. */
export const UPLOAD_MAX_DIMENSION = 1024;

/** Browser JPEG compression: start quality, step down while over the target, never below the floor. */
export const BROWSER_JPEG_QUALITY = { initial: 0.8, step: 0.2, floor: 0.3 } as const;
export const BROWSER_TARGET_BYTES = 1024 * 1024;

/** The "Image Optimized" toast appears when compression saved more than this share. */
export const OPTIMIZED_NOTICE_MIN_SAVING = 0.2;
