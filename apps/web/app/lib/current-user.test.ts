import { describe, expect, it } from "vitest";
import { callUserId, createGuest, EMPTY_USER, PERSISTED_FIELDS, persistedSubset, userFromInfo } from "./current-user";

describe("current user", () => {
  it("makes a guest from a timestamp and a random suffix; calls carry guest_", () => {
    const guest = createGuest(1_795_000_000_000, () => 0.5);
    expect(guest.userId).toBe("1795000000000ssssss");
    expect(guest.nickName).toBe("Guest_ssssss");
    expect(guest.isGuest).toBe(true);
    expect(guest.token).toBe("");
    expect(callUserId(guest)).toBe("guest_1795000000000ssssss");
    expect(callUserId({ userId: "u1", isGuest: false })).toBe("u1");
    expect(callUserId({ userId: "", isGuest: true })).toBeUndefined();
  });

  it("persists exactly the spec's subset (spec §3)", () => {
    const user = { ...EMPTY_USER, userId: "u1", token: "t", freezePoint: 40, totalPoint: 340, availablePoint: 300, status: "active" as const };
    const stored = persistedSubset(user);
    expect(Object.keys(stored).sort()).toEqual([...PERSISTED_FIELDS].sort());
    expect(stored).not.toHaveProperty("freezePoint");
    expect(stored).not.toHaveProperty("comboDetail");
    expect(stored).toMatchObject({ userId: "u1", token: "t", availablePoint: 300 });
  });

  it("reads user_info back, ignoring mistyped fields; a token without a guest flag is signed in", () => {
    expect(userFromInfo({ token: "t", userId: "u", availablePoint: "lots" })).toMatchObject({ token: "t", userId: "u", isGuest: false, availablePoint: 0 });
    expect(userFromInfo({ userId: "g" })).toMatchObject({ isGuest: true, token: "" });
    expect(userFromInfo(null)).toEqual(EMPTY_USER);
  });
});
