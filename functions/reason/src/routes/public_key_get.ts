import { PublicKeySet, publicKeySet } from "@svc/core";
import { defineOperation, sessionOf } from "@svc/http";

export const publicKeyGet = defineOperation(
  {
    operationId: "getPublicKeys",
    method: "get",
    path: "/api/public-key",
    summary: "The keys that verify signed assessments",
    description:
      "A JWKS of Ed25519 keys (kty OKP, crv Ed25519, alg EdDSA), including retired keys still inside the 90-day retention window. " +
      "To verify: canonicalise assessment.assessment with RFC 8785 (JCS), then check the base64 signature with the key whose kid is key_id.",
    tags: ["reason"],
    auth: "none",
    listing: { spec: "4.4, 5.9" },
    responses: { 200: { description: "The key set.", schema: PublicKeySet } },
  },
  async (c) => {
    const { keyRing } = (await sessionOf(c)).reason();
    c.header("Cache-Control", "public, max-age=300");
    return c.json(publicKeySet(keyRing, new Date()));
  },
);
