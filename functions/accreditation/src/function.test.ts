import { beforeEach, describe, expect, it } from "vitest";
import { clearCredentialCache } from "@svc/http/auth";
import { readJson, expectError } from "../../../tests/support/reason";
import { ACCOUNTS, consult, newAgent, readBack, seedBody, snapshot, trustRecord, write, type Body } from "../../../tests/support/accreditation";

beforeEach(() => clearCredentialCache());

describe("acceptance: a new user publishes an accreditation", () => {
  it("two consults, a seed with one signed assessment, the public read-back and the trust record; a forged signature is 403 no_examination", async () => {
    const a = await newAgent();
    const first = await consult(a.key, ACCOUNTS[0]!);
    await consult(a.key, ACCOUNTS[1]!);
    const seeded = await readJson<Body>(await write(a, seedBody(a.agent, [first])), 201);
    expect(seeded.data.agent_id).toBe(a.agent);
    expect(seeded.write).toMatchObject({ elements: 1, verified: 1, attested: 1, provenance_gaps: 0 });

    const back = await readJson<Body>(await readBack(a.agent), 200);
    expect(back.status).toBe("ok");
    expect(back.data).toMatchObject({ agent_id: a.agent, senecan_grade: "grade_3", typical_proximity: "habitual", authority_level: "guided", coverage_status: "agent_elected" });

    const trust = await readJson<Body>(await trustRecord(a.agent), 200);
    expect(trust.total_orientation_readings_count, JSON.stringify(trust)).toBe(1);
    expect(trust.orientation_readings[0].loop_id).toBe((first.assessment.examination as Body).ref);

    const other = await newAgent();
    const element = await consult(other.key, ACCOUNTS[2]!);
    const forged = { ...element, signature: Buffer.from(new Uint8Array(64).fill(7)).toString("base64") };
    await expectError(await write(other, seedBody(other.agent, [forged])), 403, "no_examination");
    expect((await snapshot(other.agent)).record).toHaveLength(0);
  });
});
