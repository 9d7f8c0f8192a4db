// Each endpoint's requests in flight from this worker, at most `limit` at once. The worker claims up to
// twice an endpoint's share; the deliveries beyond it wait here, so that the next POST starts as soon
// as one is answered rather than a claim later (the claim's round trip was what bounded a drain).
// A receiver still never sees more than `limit` requests at once from one worker.

/** Leaves the gate: frees the slot, or drops the place in the queue. Safe to call more than once. */
export type LeaveGate = () => void;

export type EndpointGate = {
  /** Resolves with a slot of the endpoint's; at once when `signal` is aborted (the attempt is then cut). */
  enter: (endpointId: string, signal: AbortSignal) => Promise<LeaveGate>;
};

export function endpointGate(limit: number): EndpointGate {
  const posting = new Map<string, number>();
  const queues = new Map<string, Array<() => void>>();

  const release = (endpointId: string) => {
    const next = queues.get(endpointId)?.shift();
    if (queues.get(endpointId)?.length === 0) queues.delete(endpointId);
    // The slot passes straight to the next in line; with none waiting it is given back.
    if (next) next();
    else {
      const count = (posting.get(endpointId) ?? 1) - 1;
      if (count > 0) posting.set(endpointId, count);
      else posting.delete(endpointId);
    }
  };

  const slot = (endpointId: string): LeaveGate => {
    let held = true;
    return () => {
      if (!held) return;
      held = false;
      release(endpointId);
    };
  };

  return {
    enter(endpointId, signal) {
      if (signal.aborted) return Promise.resolve(() => undefined);
      const count = posting.get(endpointId) ?? 0;
      if (count < limit) {
        posting.set(endpointId, count + 1);
        return Promise.resolve(slot(endpointId));
      }
      return new Promise((resolve) => {
        const queue = queues.get(endpointId) ?? [];
        queues.set(endpointId, queue);
        const admitted = () => {
          signal.removeEventListener("abort", cut);
          resolve(slot(endpointId));
        };
        const cut = () => {
          const index = queue.indexOf(admitted);
          if (index >= 0) queue.splice(index, 1);
          resolve(() => undefined);
        };
        queue.push(admitted);
        signal.addEventListener("abort", cut, { once: true });
      });
    },
  };
}
