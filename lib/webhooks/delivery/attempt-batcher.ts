// Attempts that finish while the previous batch is being recorded are recorded together, in one
// statement: under load a few statements a second instead of one per attempt, and no added wait when
// idle (a lone attempt is recorded at once). Losing a batch to a crash only means those deliveries are
// attempted again when their lease runs out, which at-least-once allows.
import { recordAttempts, type FinishedAttempt } from "@/lib/webhooks/delivery/record-attempt";

export type RecordAttempt = (attempt: FinishedAttempt) => Promise<void>;

type Waiting = { attempt: FinishedAttempt; settle: (error?: unknown) => void };

/** Above this many, a batch is split: one statement's parameters stay small. */
const MAX_BATCH = 200;

export function batchAttempts(workerId: string): RecordAttempt {
  let waiting: Waiting[] = [];
  let recording = false;

  const recordWaiting = async () => {
    recording = true;
    while (waiting.length > 0) {
      const batch = waiting.slice(0, MAX_BATCH);
      waiting = waiting.slice(MAX_BATCH);
      try {
        await recordAttempts(
          batch.map((item) => item.attempt),
          workerId,
        );
        batch.forEach((item) => item.settle());
      } catch (error) {
        batch.forEach((item) => item.settle(error));
      }
    }
    recording = false;
  };

  return (attempt) =>
    new Promise<void>((resolve, reject) => {
      waiting.push({ attempt, settle: (error) => (error ? reject(error) : resolve()) });
      // Attempts of the same tick join this batch; later ones the next, once this one is recorded.
      if (!recording) setImmediate(() => void (recording || recordWaiting()));
    });
}
