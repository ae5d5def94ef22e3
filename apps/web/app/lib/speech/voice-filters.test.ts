import { describe, expect, it } from "vitest";
import { activeFilterCount, listBody, searchFromParams, searchToParams } from "./voice-filters";

describe("voice search in the URL", () => {
  it("reads tab, query and valid filters, ignoring unknown values", () => {
    const search = searchFromParams(new URLSearchParams("tab=favorites&q=warm&language=en&gender=robot&age=senior&engineId=espeak"));
    expect(search).toEqual({ tab: "favorites", query: "warm", filters: { language: "en", age: "senior", engineId: "espeak" } });
    expect(searchFromParams(new URLSearchParams("tab=nope")).tab).toBe("all");
  });

  it("writes only what differs from the defaults and keeps other parameters", () => {
    expect(searchToParams({ tab: "all", query: " ", filters: {} }).toString()).toBe("");
    const params = searchToParams({ tab: "mine", query: "calm", filters: { gender: "female" } }, new URLSearchParams("voice=x&q=old"));
    expect(params.get("voice")).toBe("x");
    expect(params.get("q")).toBe("calm");
    expect(params.get("tab")).toBe("mine");
    expect(params.get("gender")).toBe("female");
  });

  it("builds the list body and counts active filters", () => {
    const search = { tab: "all" as const, query: " news ", filters: { language: "zh", useCase: "narration" } };
    expect(listBody(search, 2, 24)).toEqual({ tab: "all", query: "news", language: "zh", useCase: "narration", pageNum: 2, pageSize: 24 });
    expect(activeFilterCount(search)).toBe(2);
  });
});
