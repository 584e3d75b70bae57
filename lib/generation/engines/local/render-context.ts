/** What every local renderer gets besides its input: cancellation, progress, a seed. */
export interface LocalRenderContext {
  signal: AbortSignal;
  /** 0..1 of the job done. */
  progress(done: number): void;
  /** Stable per job (its id), so the same job renders the same pictures. */
  seed: string;
}
