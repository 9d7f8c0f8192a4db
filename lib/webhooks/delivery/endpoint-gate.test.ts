import { describe, expect, it } from "vitest";
import { endpointGate } from "@/lib/webhooks/delivery/endpoint-gate";

describe("endpointGate", () => {
  it("lets `limit` through per endpoint and the next in line as one leaves", async () => {
    const gate = endpointGate(2);
    const signal = new AbortController().signal;
    const first = await gate.enter("a", signal);
    const second = await gate.enter("a", signal);
    const other = await gate.enter("b", signal);
    let thirdIn = false;
    const third = gate.enter("a", signal).then((leave) => {
      thirdIn = true;
      return leave;
    });
    await Promise.resolve();
    expect(thirdIn).toBe(false);
    first();
    first(); // a second call frees nothing more
    const leaveThird = await third;
    expect(thirdIn).toBe(true);
    let fourthIn = false;
    void gate.enter("a", signal).then(() => (fourthIn = true));
    await new Promise((resolve) => setImmediate(resolve));
    expect(fourthIn).toBe(false);
    second();
    await new Promise((resolve) => setImmediate(resolve));
    expect(fourthIn).toBe(true);
    leaveThird();
    other();
  });

  it("lets the waiting go at once when the worker stops", async () => {
    const gate = endpointGate(1);
    const stop = new AbortController();
    const held = await gate.enter("a", stop.signal);
    const waiting = gate.enter("a", stop.signal);
    stop.abort();
    const leave = await waiting;
    leave();
    held();
    // The slot the cut one never took is free again for a new worker's signal.
    const fresh = new AbortController().signal;
    await expect(gate.enter("a", fresh)).resolves.toBeTypeOf("function");
  });
});
