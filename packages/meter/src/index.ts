export { createMemoryMeter } from "./memory";
export { createUpstashMeter, type UpstashMeter, type UpstashMeterOptions } from "./upstash";
export { CircuitOpenError, createCircuitBreaker, type CircuitBreaker, type CircuitBreakerOptions } from "./breaker";
