import { MeterUnavailableError } from "@svc/core";
import { describe, expect, it } from "vitest";
import { CircuitOpenError, createCircuitBreaker } from "./breaker";

// The breaker's states on a clock the test moves: closed, open after N failures in a row,
// half-open (one probe) after the cool-down.

const failing = () => Promise.reject(new MeterUnavailableError(new Error("no answer")));
const answering = () => Promise.resolve("ok");

function breakerOnClock() {
  let nowMs = 0;
  const breaker = createCircuitBreaker({ failureThreshold: 3, coolDownMs: 1000, minimumSpanMs: 500, clock: () => nowMs });
  return { breaker, advance: (ms: number) => (nowMs += ms) };
}

describe("circuit breaker", () => {
  it("opens after the threshold of failures in a row over the span, and then skips the work without calling it", async () => {
    const { breaker, advance } = breakerOnClock();
    for (let i = 0; i < 3; i += 1) {
      await expect(breaker.run(failing)).rejects.toBeInstanceOf(MeterUnavailableError);
      advance(250);
    }
    expect(breaker.isOpen()).toBe(true);
    let called = false;
    const skipped = breaker.run(async () => {
      called = true;
      return "ok";
    });
    await expect(skipped).rejects.toBeInstanceOf(CircuitOpenError);
    await expect(skipped).rejects.toBeInstanceOf(MeterUnavailableError);
    expect(called).toBe(false);
  });

  it("counts only failures in a row: a success in between starts the count again", async () => {
    const { breaker, advance } = breakerOnClock();
    await expect(breaker.run(failing)).rejects.toThrow();
    await expect(breaker.run(failing)).rejects.toThrow();
    expect(await breaker.run(answering)).toBe("ok");
    advance(1000);
    await expect(breaker.run(failing)).rejects.toThrow();
    await expect(breaker.run(failing)).rejects.toThrow();
    expect(breaker.isOpen()).toBe(false);
  });

  it("stays closed for one wave of concurrent failures (a busy moment), and opens once they go on", async () => {
    const { breaker, advance } = breakerOnClock();
    await Promise.allSettled(Array.from({ length: 20 }, () => breaker.run(failing)));
    expect(breaker.isOpen()).toBe(false);
    advance(500);
    await expect(breaker.run(failing)).rejects.not.toBeInstanceOf(CircuitOpenError);
    expect(breaker.isOpen()).toBe(true);
  });

  it("lets one probe through after the cool-down: a failed probe opens it again, an answered one closes it", async () => {
    const { breaker, advance } = breakerOnClock();
    for (let i = 0; i < 3; i += 1) {
      await expect(breaker.run(failing)).rejects.toThrow();
      advance(250);
    }
    advance(1000);
    expect(breaker.isOpen()).toBe(false);
    await expect(breaker.run(failing)).rejects.not.toBeInstanceOf(CircuitOpenError);
    expect(breaker.isOpen()).toBe(true);
    await expect(breaker.run(answering)).rejects.toBeInstanceOf(CircuitOpenError);

    advance(1000);
    let release: (value: string) => void = () => undefined;
    const probe = breaker.run(() => new Promise<string>((resolve) => (release = resolve)));
    // While the probe is out, other calls are still skipped.
    await expect(breaker.run(answering)).rejects.toBeInstanceOf(CircuitOpenError);
    release("ok");
    expect(await probe).toBe("ok");
    expect(breaker.isOpen()).toBe(false);
    expect(await breaker.run(answering)).toBe("ok");
  });
});
