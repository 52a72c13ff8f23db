import { describe, expect, it } from "vitest";
import { sha256Hex, toHex } from "./encoding";

/** WebCrypto's SHA-256 of the UTF-8 text, hex: what sha256Hex must answer, byte for byte. */
async function webCryptoSha256(text: string): Promise<string> {
  return toHex(new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text))));
}

/** `n` characters mixing 1- to 4-byte UTF-8 and a lone surrogate (encoded as U+FFFD). */
function textOf(n: number): string {
  const alphabet = ["a", "é", "😀", "\uD800", "\n", "z", "中"];
  let s = "";
  for (let i = 0; i < n; i++) s += alphabet[(i * 7 + n) % alphabet.length];
  return s;
}

describe("sha256Hex", () => {
  it("answers the FIPS 180-4 examples", async () => {
    expect(await sha256Hex("")).toBe("e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
    expect(await sha256Hex("abc")).toBe("ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
    expect(await sha256Hex("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq")).toBe(
      "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1",
    );
  });

  it("matches WebCrypto at every padding boundary, in multi-byte text, and on both sides of the inline limit", async () => {
    const lengths = [...Array.from({ length: 200 }, (_, i) => i), 1000, 2730, 2731, 2732, 8191, 8192, 8193, 20_000];
    for (const n of lengths) {
      const text = textOf(n);
      expect(await sha256Hex(text), `${n} characters`).toBe(await webCryptoSha256(text));
    }
    for (const n of [8191, 8192, 8193]) expect(await sha256Hex("x".repeat(n)), `${n} bytes`).toBe(await webCryptoSha256("x".repeat(n)));
  });
});
