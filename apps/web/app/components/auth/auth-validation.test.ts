import { describe, expect, it } from "vitest";
import { validateAuthFields } from "./auth-validation";

describe("auth form rules", () => {
  it("requires a well-formed email", () => {
    expect(validateAuthFields(["email"], { email: "" })).toEqual({ email: "emailRequired" });
    expect(validateAuthFields(["email"], { email: "nobody@" })).toEqual({ email: "emailInvalid" });
    expect(validateAuthFields(["email"], { email: " a@b.co " })).toEqual({});
  });
  it("requires a password of at least 6 characters and a matching confirmation", () => {
    expect(validateAuthFields(["password"], { password: "12345" })).toEqual({ password: "passwordTooShort" });
    expect(validateAuthFields(["password"], { password: "123456" })).toEqual({});
    expect(validateAuthFields(["password", "confirmPassword"], { password: "123456", confirmPassword: "1234567" })).toEqual({ confirmPassword: "passwordMismatch" });
  });
});
