import { buildOpenApiDocument, ErrorCode, errorCodeMessages, REST_V1_ROUTES, type ErrorCodeName } from "@voxwork/contract";
import type { Locale } from "../../i18n";

/** One parameter of an endpoint, as the reference page lists it. */
export interface ApiParameterView {
  name: string;
  in: "path" | "query" | "header";
  required: boolean;
  /** `string`, `integer`, `one of: a, b`, … (English type words, as in code). */
  type: string;
  defaultValue: string | null;
  description: string | null;
}

export interface ApiEndpointView {
  operationId: string;
  method: string;
  path: string;
  summary: string;
  /** `read`: any valid key; `write`: a read-write key (and the tool in its scopes). */
  access: "read" | "write";
  tool: string | null;
  parameters: ApiParameterView[];
  /** Request body types (`application/json`, or a file for uploads). */
  requestTypes: string[];
  requestExample: string | null;
  responseExample: string | null;
  /** `application/json` (the envelope) or the file's bytes. */
  responseType: string;
  errors: Array<{ status: string; description: string }>;
}

export interface ApiReferenceView {
  groups: Array<{ tag: string; endpoints: ApiEndpointView[] }>;
  errorCodes: Array<{ name: string; code: number; message: string }>;
}

/** The codes a REST caller meets most, with their message in the page's language. */
const REST_ERROR_CODES: readonly ErrorCodeName[] = [
  "API_KEY_INVALID",
  "API_KEY_REVOKED",
  "API_KEY_EXPIRED",
  "API_KEY_SCOPE_MISSING",
  "API_KEY_READ_ONLY",
  "IDEMPOTENCY_KEY_INVALID",
  "IDEMPOTENCY_KEY_CONFLICT",
  "INVALID_PARAMETER",
  "MALFORMED_JSON",
  "BODY_TOO_LARGE",
  "TOO_MANY_REQUESTS",
  "JOB_NOT_FOUND",
  "JOB_QUEUE_FULL",
  "POINTS_INSUFFICIENT",
  "VOICE_NOT_FOUND",
  "UPLOAD_TOO_LARGE",
  "UPLOAD_REQUEST_INVALID",
  "UPLOAD_NOT_FOUND",
  "INTERNAL_ERROR",
];

type JsonSchema = { type?: string | string[]; enum?: unknown[]; default?: unknown; format?: string; description?: string; minimum?: number; maximum?: number };
type Operation = {
  operationId: string;
  summary: string;
  tags: string[];
  parameters: Array<{ name: string; in: ApiParameterView["in"]; required: boolean; schema: JsonSchema; description?: string }>;
  requestBody?: { content: Record<string, { example?: unknown }> };
  responses: Record<string, { description: string; content?: Record<string, { example?: unknown }> }>;
};

function typeOf(schema: JsonSchema): string {
  if (schema.enum) return `one of: ${schema.enum.map(String).join(", ")}`;
  const type = Array.isArray(schema.type) ? schema.type.join(" | ") : (schema.type ?? "string");
  const range = schema.minimum !== undefined && schema.maximum !== undefined && schema.maximum < 1e9 ? ` ${schema.minimum}–${schema.maximum}` : "";
  return `${type}${schema.format ? ` (${schema.format})` : ""}${range}`;
}

const pretty = (value: unknown) => (value === undefined ? null : JSON.stringify(value, null, 2));

let built: { groups: Array<{ tag: string; endpoints: ApiEndpointView[] }> } | undefined;

/**
 * The REST v1 part of the OpenAPI document (`buildOpenApiDocument` over `REST_V1_ROUTES`, the same
 * document `/api/docs` serves as JSON) as the reference page shows it: endpoints grouped by tag,
 * each with its method, path, parameters, examples, access and errors. `summaries` replaces the
 * English summaries (by operation id) on the Chinese page, `translations` the error and parameter descriptions.
 */
export function apiReference(
  locale: Locale,
  summaries: Readonly<Record<string, string>>,
  translations: { errors?: Readonly<Record<string, string>>; parameters?: Readonly<Record<string, string>> } = {},
): ApiReferenceView {
  built ??= (() => {
    const document = buildOpenApiDocument([], { title: "Voxwork REST API", version: "1" }, REST_V1_ROUTES);
    const groups = new Map<string, ApiEndpointView[]>();
    for (const [path, methods] of Object.entries(document.paths)) {
      for (const [method, raw] of Object.entries(methods)) {
        const operation = raw as Operation;
        const route = REST_V1_ROUTES.find((candidate) => candidate.operationId === operation.operationId)!;
        const success = operation.responses["200"];
        const successType = Object.keys(success?.content ?? {})[0] ?? "application/json";
        const endpoint: ApiEndpointView = {
          operationId: operation.operationId,
          method: method.toUpperCase(),
          path,
          summary: operation.summary,
          access: route.access,
          tool: route.tool ?? null,
          parameters: operation.parameters.map((parameter) => ({
            name: parameter.name,
            in: parameter.in,
            required: parameter.required,
            type: typeOf(parameter.schema),
            defaultValue: parameter.schema.default === undefined ? null : String(parameter.schema.default),
            description: parameter.description ?? null,
          })),
          requestTypes: Object.keys(operation.requestBody?.content ?? {}),
          requestExample: pretty(Object.values(operation.requestBody?.content ?? {})[0]?.example),
          responseExample: pretty(success?.content?.[successType]?.example),
          responseType: successType,
          errors: Object.entries(operation.responses)
            .filter(([status]) => status !== "200")
            .map(([status, response]) => ({ status, description: response.description })),
        };
        const tag = operation.tags[0]!.replace(/^v1 /, "");
        groups.set(tag, [...(groups.get(tag) ?? []), endpoint]);
      }
    }
    // Uploads and jobs first (what every script needs), then the tools, then voices and the account.
    const order = (tag: string) => (tag === "uploads" ? 0 : tag === "jobs" ? 1 : tag === "voices" ? 3 : tag === "account" ? 4 : 2);
    return {
      groups: [...groups.entries()].sort(([a], [b]) => order(a) - order(b) || a.localeCompare(b)).map(([tag, endpoints]) => ({ tag, endpoints })),
    };
  })();
  return {
    groups: built.groups.map((group) => ({
      tag: group.tag,
      endpoints: group.endpoints.map((endpoint) => ({
        ...endpoint,
        summary: summaries[endpoint.operationId] ?? endpoint.summary,
        parameters: endpoint.parameters.map((parameter) => ({ ...parameter, description: parameter.description === null ? null : (translations.parameters?.[parameter.name] ?? parameter.description) })),
        errors: endpoint.errors.map((error) => ({ ...error, description: translations.errors?.[error.status] ?? error.description })),
      })),
    })),
    errorCodes: REST_ERROR_CODES.map((name) => ({ name, code: ErrorCode[name], message: errorCodeMessages[locale][`error-code-message.${ErrorCode[name]}`] ?? "" })),
  };
}
