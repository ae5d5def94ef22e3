import { PLANS } from "@voxwork/contract";
import { describe, expect, it } from "vitest";
import { pricingPage } from "./pricing-content.server";

describe("pricingPage", () => {
  it("prices plans and packs in USD for English and CNY for Chinese", () => {
    const en = pricingPage("en");
    const zh = pricingPage("zh");
    expect(en.plans.find((plan) => plan.id === "pro")).toMatchObject({ monthly: "$12", yearly: "$99", yearlyPerMonth: "$8.25" });
    expect(zh.plans.find((plan) => plan.id === "pro")).toMatchObject({ monthly: "¥79", yearly: "¥699" });
    expect(en.plans.find((plan) => plan.id === "free")?.monthly).toBeNull();
    expect(en.packs.map((pack) => pack.price)).toEqual(["$5", "$20", "$70"]);
  });

  it("has a comparison row for every comboDetail field plus vtUseLimit", () => {
    const page = pricingPage("en");
    expect(page.rows).toHaveLength(Object.keys(PLANS[0]!.comboDetail).length + 1);
    const vt = page.rows.find((row) => row.label === "Video translations per month");
    expect(vt?.values).toEqual(["3", "50", "Unlimited"]);
    expect(pricingPage("zh").rows.find((row) => row.label === "每月视频翻译次数")?.values).toEqual(["3", "50", "不限"]);
  });
});
