/** Memory of a run, sampled: one reading at the end is as noisy as a renderer's garbage collections are untimed. */
export interface PssSamples {
  /** Mean of the run's second half (the steady state), MB. */
  readonly mean: number;
  /** The largest reading of the second half, MB. */
  readonly peak: number;
  readonly samples: number;
}

/**
 * Reads `measure` (a PSS in MB) every `everyMs` from now until `stop`, and once more at the stop. The first half of
 * the readings is the warm-up (tabs opening, caches filling, heaps growing to their working size) and is left out.
 */
export function samplePss(measure: () => Promise<number>, everyMs = 2_000): { stop(): Promise<PssSamples> } {
  const readings: number[] = [];
  let reading = Promise.resolve();
  const timer = setInterval(() => {
    reading = reading.then(async () => void readings.push(await measure()));
  }, everyMs);
  return {
    async stop() {
      clearInterval(timer);
      await reading;
      readings.push(await measure());
      const steady = readings.slice(Math.floor(readings.length / 2));
      return { mean: steady.reduce((sum, one) => sum + one, 0) / steady.length, peak: Math.max(...steady), samples: steady.length };
    },
  };
}
