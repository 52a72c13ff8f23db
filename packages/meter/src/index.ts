export { createMemoryMeter } from "./memory";
export { createUpstashMeter, type UpstashMeterOptions } from "./upstash";
