import { REST_V1_ROUTES } from "@voxwork/contract";
import { describe, expect, it } from "vitest";
import { apiReference } from "./api-reference.server";
import { API_REFERENCE_COPY } from "./content/api-docs-content.server";

describe("the API reference page's view of the OpenAPI document", () => {
  const en = apiReference("en", API_REFERENCE_COPY.en.summaries);
  const zh = apiReference("zh", API_REFERENCE_COPY.zh.summaries, { errors: API_REFERENCE_COPY.zh.errorDescriptions, parameters: API_REFERENCE_COPY.zh.parameterDescriptions });
  const endpoints = en.groups.flatMap((group) => group.endpoints);

  it("lists every REST v1 route once, grouped by tag, uploads and jobs first", () => {
    expect(endpoints.map((endpoint) => endpoint.operationId).sort()).toEqual(REST_V1_ROUTES.map((route) => route.operationId).sort());
    expect(en.groups.slice(0, 2).map((group) => group.tag)).toEqual(["uploads", "jobs"]);
  });

  it("shows parameters, examples, access and errors", () => {
    const create = endpoints.find((endpoint) => endpoint.operationId === "v1_create_text_to_speech_job")!;
    expect(create).toMatchObject({ method: "POST", path: "/api/v1/tools/text-to-speech/jobs", access: "write", tool: "text-to-speech", requestTypes: ["application/json"] });
    expect(create.parameters.map((parameter) => parameter.name)).toContain("Idempotency-Key");
    expect(JSON.parse(create.requestExample!)).toMatchObject({ voiceKey: expect.any(String) });
    expect(JSON.parse(create.responseExample!)).toMatchObject({ code: 0, data: { replayed: false } });
    expect(create.errors.map((error) => error.status)).toEqual(expect.arrayContaining(["401", "403", "409", "422", "429"]));
    const upload = endpoints.find((endpoint) => endpoint.operationId === "v1_create_upload")!;
    expect(upload.requestTypes).toEqual(["application/octet-stream", "multipart/form-data"]);
    expect(upload.errors.map((error) => error.status)).toContain("413");
    const list = endpoints.find((endpoint) => endpoint.operationId === "v1_list_jobs")!;
    expect(list.parameters.find((parameter) => parameter.name === "pageSize")).toMatchObject({ in: "query", required: false, defaultValue: "20" });
  });

  it("the Chinese page has every summary, error and parameter description and error message in Chinese", () => {
    for (const endpoint of zh.groups.flatMap((group) => group.endpoints)) {
      expect(endpoint.summary, endpoint.operationId).toMatch(/[\u4e00-\u9fff]/);
      for (const error of endpoint.errors) expect(error.description, `${endpoint.operationId} ${error.status}`).toMatch(/[\u4e00-\u9fff]/);
      for (const parameter of endpoint.parameters) if (parameter.description) expect(parameter.description, parameter.name).toMatch(/[\u4e00-\u9fff]/);
    }
    for (const error of zh.errorCodes) expect(error.message, error.name).toMatch(/[\u4e00-\u9fff]/);
    expect(en.errorCodes.every((error) => error.message.length > 0)).toBe(true);
  });
});
